/**
 * `-` as the input file: the bytes of standard input, so a command can sit in a shell pipe
 * (`curl … | segment-workbench segment - --name page.html`).
 */
import { fstatSync } from 'node:fs';
import { checkBudget, DEFAULT_BUDGETS } from '../../shared/budgets/budgets';
import { UserInputError } from './errors';

export const STDIN_PATH = '-';

/** Everything on standard input, refused past `maxBytes` (the input-size budget) instead of growing without bound. */
export async function readStdin(maxBytes: number, input: NodeJS.ReadableStream = process.stdin): Promise<Uint8Array> {
  if ((input as NodeJS.ReadStream).isTTY) {
    throw new UserInputError("input '-' means standard input, but it is a terminal: pipe a document in (… | segment -)");
  }
  // `segment - < DIR`: Node reads a directory on fd 0 as an empty stream, which would pass as an empty document.
  const fd = (input as { fd?: unknown }).fd;
  if (typeof fd === 'number' && fstatSync(fd).isDirectory()) throw new UserInputError('standard input: is a directory');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    checkBudget('inputBytes', { ...DEFAULT_BUDGETS, inputBytes: maxBytes }, 'standard input', size, `over ${maxBytes} bytes`);
    chunks.push(buffer);
  }
  // A plain Uint8Array view: some readers (pdf.js) refuse a Buffer.
  const all = Buffer.concat(chunks, size);
  return new Uint8Array(all.buffer, all.byteOffset, all.byteLength);
}

/** The file argument as a source: a path, or standard input's bytes under `name` when it is '-'. */
export async function inputSource(file: string, name: string, maxBytes: number): Promise<string | { name: string; bytes: Uint8Array }> {
  return file === STDIN_PATH ? { name, bytes: await readStdin(maxBytes) } : file;
}
