/** Why a file is not a usable GGUF; `kind` lets callers (CLI, service) phrase or classify it. */
export type GgufProblem = 'not-gguf' | 'unsupported-version' | 'truncated' | 'corrupt';

export class GgufFormatError extends Error {
  constructor(
    readonly kind: GgufProblem,
    message: string,
  ) {
    super(message);
    this.name = 'GgufFormatError';
  }
}

/** The stable error code of each problem: one mapping for the model manager and the inference checks. */
export type GgufErrorCode = 'not-gguf' | 'truncated-gguf' | 'bad-gguf';

export function ggufErrorCode(kind: GgufProblem): GgufErrorCode {
  if (kind === 'not-gguf') return 'not-gguf';
  if (kind === 'truncated') return 'truncated-gguf';
  return 'bad-gguf';
}

/** Internal: the header parser ran past the bytes it was given (the file reader then reads more). */
export class OutOfDataError extends Error {
  constructor() {
    super('GGUF header runs past the available bytes');
    this.name = 'OutOfDataError';
  }
}
