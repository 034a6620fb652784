/**
 * Puts a reference and a predicted segmentation on one axis before scoring them. When both were
 * made over the same text, offsets are used as they are. Formats that do not keep whitespace
 * (training files, re-flowed WIKI-727K text) give the same words with different spacing; those
 * are compared over the non-whitespace characters: every boundary becomes "the number of
 * non-whitespace characters before it", and all metrics run in that unit. Anything else is a
 * different text, refused with the first place where the two differ.
 */
import { BAD_INPUT, UserError } from '../errors';

export interface AlignedBoundaries {
  /** Length of the common axis, in characters of that axis. */
  length: number;
  reference: number[];
  predicted: number[];
  /** 'exact': identical texts; 'non-whitespace': compared without whitespace. */
  alignment: 'exact' | 'non-whitespace';
}

export class TextMismatchError extends UserError {
  constructor(
    message: string,
    readonly referenceOffset: number,
    readonly predictedOffset: number,
  ) {
    super(BAD_INPUT, message);
    this.name = 'TextMismatchError';
  }
}

function isWhitespaceCode(code: number): boolean {
  return (
    code === 0x20 || (code >= 0x09 && code <= 0x0d) || code === 0x85 || code === 0xa0 || code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f ||
    code === 0x3000 || code === 0xfeff
  );
}

interface Skeleton {
  /** The text without whitespace. */
  chars: string;
  /** before[x] = non-whitespace code units in text[0, x). */
  before: Uint32Array;
  /** offsets[i] = where the i-th skeleton character sits in the text. */
  offsets: Uint32Array;
}

function skeletonOf(text: string): Skeleton {
  const before = new Uint32Array(text.length + 1);
  const offsets: number[] = [];
  let kept = '';
  for (let x = 0; x < text.length; x++) {
    before[x] = offsets.length;
    if (!isWhitespaceCode(text.charCodeAt(x))) {
      offsets.push(x);
      kept += text[x];
    }
  }
  before[text.length] = offsets.length;
  return { chars: kept, before, offsets: Uint32Array.from(offsets) };
}

function project(boundaries: readonly number[], skeleton: Skeleton): number[] {
  const length = skeleton.chars.length;
  const projected = new Set<number>();
  for (const b of boundaries) {
    const p = skeleton.before[b] ?? length;
    if (p > 0 && p < length) projected.add(p);
  }
  return [...projected].sort((a, b) => a - b);
}

function excerpt(text: string, offset: number): string {
  return JSON.stringify(text.slice(offset, offset + 24));
}

export function alignBoundaries(
  referenceText: string,
  reference: readonly number[],
  predictedText: string,
  predicted: readonly number[],
): AlignedBoundaries {
  if (referenceText === predictedText) {
    return { length: referenceText.length, reference: [...reference], predicted: [...predicted], alignment: 'exact' };
  }
  const ref = skeletonOf(referenceText);
  const pred = skeletonOf(predictedText);
  if (ref.chars !== pred.chars) {
    let i = 0;
    while (i < ref.chars.length && i < pred.chars.length && ref.chars[i] === pred.chars[i]) i++;
    const refAt = ref.offsets[i] ?? referenceText.length;
    const predAt = pred.offsets[i] ?? predictedText.length;
    throw new TextMismatchError(
      `the two segmentations are of different texts: they first differ at character ${refAt} of the reference (${excerpt(referenceText, refAt)}) and ${predAt} of the prediction (${excerpt(predictedText, predAt)})`,
      refAt,
      predAt,
    );
  }
  return { length: ref.chars.length, reference: project(reference, ref), predicted: project(predicted, pred), alignment: 'non-whitespace' };
}
