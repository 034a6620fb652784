/**
 * A PDF's Flate streams, inflated once before pdf.js opens the file and counted without being kept:
 * pdf.js inflates a stream into one typed array that doubles as it grows, so one stream that
 * inflates to 400 MB (from 400 KB) peaked at 838 MB and was read, under the memory budget. Each
 * stream is held to the expanded-characters budget (a content stream is the page's text and its
 * operators; a font or an image that large is no document this reader is for), and zlib is stopped
 * at the first byte over it, so a bomb costs what the budget allows, never its size.
 *
 * Streams are found by their `stream` keyword, the dictionary before it read for a Flate filter.
 * A stream zlib cannot inflate from its first byte (another filter first, damaged data) is left to
 * pdf.js, under the read-memory budget like everything else it does.
 */
import { createInflate } from 'node:zlib';
import { budgetMessage, BudgetError, type Budgets } from '../../shared/budgets/budgets';

const STREAM = Buffer.from('stream');
const END = Buffer.from('end');
/** How far back the stream's dictionary is looked for: dictionaries are a few hundred bytes. */
const DICTIONARY_WINDOW = 4096;
const FLATE = /\/FlateDecode\b|\/Fl\b/;

/** How many bytes zlib inflates `data` to, stopping once past `limit` (then limit + 1); null when it is no zlib stream. */
function inflatedSize(data: Uint8Array, limit: number): Promise<number | null> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflate.destroy();
        resolve(limit + 1);
      }
    });
    inflate.on('end', () => resolve(size));
    // Damaged data, or not zlib from here: pdf.js decides what to make of it.
    inflate.on('error', () => resolve(size > limit ? limit + 1 : null));
    inflate.end(data);
  });
}

/** The byte offsets where each stream's data starts, with whether its dictionary names a Flate filter. */
function* streams(pdf: Buffer): Generator<{ start: number; flate: boolean }> {
  let at = pdf.indexOf(STREAM);
  while (at !== -1) {
    const isEnd = at >= END.length && pdf.subarray(at - END.length, at).equals(END);
    if (!isEnd) {
      let start = at + STREAM.length;
      if (pdf[start] === 0x0d) start++;
      if (pdf[start] === 0x0a) start++;
      const window = pdf.toString('latin1', Math.max(0, at - DICTIONARY_WINDOW), at);
      const dictionary = window.slice(Math.max(0, window.lastIndexOf('obj')));
      yield { start, flate: FLATE.test(dictionary) };
    }
    at = pdf.indexOf(STREAM, at + STREAM.length);
  }
}

/** Throws the expanded-characters budget's BudgetError for the first Flate stream that inflates past it. */
export async function checkPdfStreams(name: string, bytes: Uint8Array, budgets: Budgets): Promise<void> {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const limit = budgets.expandedChars;
  for (const { start, flate } of streams(pdf)) {
    if (!flate) continue;
    // zlib stops at the stream's end; what follows in the file is ignored.
    const size = await inflatedSize(pdf.subarray(start), limit);
    if (size !== null && size > limit) {
      const finding = `the stream at byte ${start} inflates to more than ${limit} characters (counted while inflating)`;
      throw new BudgetError('expandedChars', budgetMessage('expandedChars', name, limit, finding));
    }
  }
}
