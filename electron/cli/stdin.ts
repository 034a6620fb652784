/**
 * `-` as the input file: the bytes of standard input, so a command can sit in a shell pipe
 * (`curl … | segment-workbench segment - --name page.html`).
 */
import { UserInputError } from './errors';

export const STDIN_PATH = '-';

/** How much standard input a command takes before refusing it. */
export const STDIN_MAX_BYTES = 256 * 1024 * 1024;

/** Everything on standard input, refused past `maxBytes` instead of growing without bound. */
export async function readStdin(maxBytes = STDIN_MAX_BYTES, input: NodeJS.ReadableStream = process.stdin): Promise<Uint8Array> {
  if ((input as NodeJS.ReadStream).isTTY) {
    throw new UserInputError("input '-' means standard input, but it is a terminal: pipe a document in (… | segment -)");
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > maxBytes) throw new UserInputError(`standard input is over ${maxBytes} bytes`);
    chunks.push(buffer);
  }
  // A plain Uint8Array view: some readers (pdf.js) refuse a Buffer.
  const all = Buffer.concat(chunks, size);
  return new Uint8Array(all.buffer, all.byteOffset, all.byteLength);
}

/** The file argument as a source: a path, or standard input's bytes under `name` when it is '-'. */
export async function inputSource(file: string, name: string): Promise<string | { name: string; bytes: Uint8Array }> {
  return file === STDIN_PATH ? { name, bytes: await readStdin() } : file;
}
