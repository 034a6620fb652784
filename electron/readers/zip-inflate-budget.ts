/**
 * What a .docx's parts really unpack to, counted while they inflate, not taken from the ZIP
 * directory (which an archive can fill with any sizes it likes: 3.4 MB declaring small parts
 * once inflated to 1 GB inside mammoth before it noticed). Each part is inflated with zlib's
 * maxOutputLength set to what is left of the expanded-characters budget: zlib inflates chunk by
 * chunk and stops as soon as the output passes it, so a bomb costs at most the budget, never its
 * full size. Each part's element nesting is measured on the way (xml-depth.ts) and held to the
 * nesting-depth budget: mammoth recurses once per level. Runs before mammoth sees the archive;
 * mammoth then reads the same bytes.
 */
import { inflateRawSync } from 'node:zlib';
import { BudgetError, budgetMessage, checkBudget, type Budgets } from '../../shared/budgets/budgets';
import { DocumentReadError } from './errors';
import { xmlDepth } from './xml-depth';
import type { ZipEntry } from './zip-directory';
import { errorMessage } from '../../shared/text/error-message';

const LOCAL_FILE_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/** The entry's compressed bytes: after its local header, as long as the directory says (how mammoth's unzipper reads them). */
function entryData(name: string, bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_FILE_HEADER) {
    throw new DocumentReadError(`${name} is not a readable .docx file: the archive's entry ${entry.name} has no local header`);
  }
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.length) {
    throw new DocumentReadError(`${name} is not a readable .docx file: the archive's entry ${entry.name} runs past the end of the file`);
  }
  return bytes.subarray(start, start + entry.compressedSize);
}

/**
 * Inflates the parts one by one within what is left of the budget; throws the budget's BudgetError
 * at the first byte over it, or the nesting-depth budget's for a part nested deeper than it allows.
 */
export function checkInflatedSize(name: string, bytes: Uint8Array, parts: readonly ZipEntry[], budgets: Budgets): number {
  const limit = budgets.expandedChars;
  let total = 0;
  const over = () =>
    new BudgetError('expandedChars', budgetMessage('expandedChars', name, limit, `unpacks to more than ${limit} characters of XML (counted while inflating)`));
  for (const entry of parts) {
    const data = entryData(name, bytes, entry);
    let xml: Uint8Array;
    if (entry.method === STORED) {
      xml = data;
    } else if (entry.method === DEFLATED) {
      try {
        // One byte more than is left: output past it is the breach, and zlib stops there.
        xml = inflateRawSync(data, { maxOutputLength: limit - total + 1 });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw over();
        throw new DocumentReadError(`${name} is not a readable .docx file: the archive's entry ${entry.name} does not inflate (${errorMessage(err)})`);
      }
    } else {
      throw new DocumentReadError(`${name} is not a readable .docx file: the archive's entry ${entry.name} uses compression method ${entry.method} (only stored and deflated are read)`);
    }
    total += xml.length;
    if (total > limit) throw over();
    const depth = xmlDepth(xml);
    checkBudget('nestingDepth', budgets, name, depth, `${entry.name}'s elements nested ${depth} levels deep`);
  }
  return total;
}
