/**
 * What a .docx's parts really unpack to, counted while they inflate, not taken from the ZIP
 * directory (which an archive can fill with any sizes it likes: 3.4 MB declaring small parts
 * once inflated to 1 GB inside mammoth before it noticed). Each part is inflated with zlib's
 * maxOutputLength set to what is left of the expanded-characters budget: zlib inflates chunk by
 * chunk and stops as soon as the output passes it, so a bomb costs at most the budget, never its
 * full size. Each part's element nesting is measured on the way (xml-depth.ts) and held to the
 * nesting-depth budget: mammoth recurses once per level. Runs before mammoth sees the archive;
 * mammoth then reads the same bytes.
 *
 * The XML is also held to what mammoth can parse within the read-memory budget (issue 36): it
 * keeps a tree of every part it reads, about 35 bytes of memory per byte of styles.xml and 42 per
 * byte of document.xml (measured: 14 MB of either, 510 and 610 MB), so a 2.4 MB .docx of 33 MB of
 * styles.xml took 1,142 MB and 76 s before the memory watch or the clock stopped it. The parts'
 * declared sizes are checked first (from the directory, nothing inflated), then what they really
 * inflate to, with zlib stopped at the first byte over.
 */
import { inflateRawSync } from 'node:zlib';
import { BUDGET_SPECS, BudgetError, budgetMessage, checkBudget, type Budgets } from '../../shared/budgets/budgets';
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
 * mammoth's memory per byte of XML it parses: the styles' 35 (above), and a little for the
 * worker's own start. Lower than document.xml's 42, so a document.xml this refuses would have
 * passed the memory budget only by luck; 33 MB of styles.xml (1,142 MB) is refused at once.
 */
export const MAMMOTH_BYTES_PER_XML_BYTE = 36;

/** The most bytes of XML mammoth is given within `readMemoryMb` (MiB, as the worker's heap limit counts them). */
export function xmlBytesWithin(readMemoryMb: number): number {
  return Math.floor((readMemoryMb * 1024 * 1024) / MAMMOTH_BYTES_PER_XML_BYTE);
}

/** The read-memory budget's refusal for `total` bytes of XML, naming the largest part. */
function overMemory(name: string, total: number, largest: { name: string; size: number }, budgets: Budgets, counted: string): BudgetError {
  const spec = BUDGET_SPECS.readMemoryMb;
  const need = Math.ceil((total * MAMMOTH_BYTES_PER_XML_BYTE) / (1024 * 1024));
  const finding =
    `its XML parts ${counted} ${total} bytes (${largest.name} ${largest.size} of them), and reading them takes about ` +
    `${MAMMOTH_BYTES_PER_XML_BYTE} bytes of memory each (${need} ${spec.unit})`;
  return new BudgetError('readMemoryMb', budgetMessage('readMemoryMb', name, budgets.readMemoryMb, finding));
}

/** Refuses, from the ZIP directory alone, parts that declare more XML than mammoth can read within the read-memory budget. */
export function checkDeclaredXml(name: string, parts: readonly ZipEntry[], budgets: Budgets): void {
  let total = 0;
  let largest = { name: '', size: -1 };
  for (const entry of parts) {
    total += entry.uncompressedSize;
    if (entry.uncompressedSize > largest.size) largest = { name: entry.name, size: entry.uncompressedSize };
  }
  if (total > xmlBytesWithin(budgets.readMemoryMb)) throw overMemory(name, total, largest, budgets, 'declare');
}

/**
 * Inflates the parts one by one within what is left of the budget; throws the budget's BudgetError
 * at the first byte over it, or the nesting-depth budget's for a part nested deeper than it allows.
 */
export function checkInflatedSize(name: string, bytes: Uint8Array, parts: readonly ZipEntry[], budgets: Budgets): number {
  const limit = budgets.expandedChars;
  const memoryLimit = xmlBytesWithin(budgets.readMemoryMb);
  let total = 0;
  let largest = { name: '', size: -1 };
  const over = (entry: ZipEntry, size: number) => {
    if (total + size > memoryLimit && memoryLimit < limit) {
      return overMemory(name, total + size, size > largest.size ? { name: entry.name, size } : largest, budgets, 'unpack to more than');
    }
    return new BudgetError('expandedChars', budgetMessage('expandedChars', name, limit, `unpacks to more than ${limit} characters of XML (counted while inflating)`));
  };
  for (const entry of parts) {
    const data = entryData(name, bytes, entry);
    let xml: Uint8Array;
    if (entry.method === STORED) {
      xml = data;
    } else if (entry.method === DEFLATED) {
      try {
        // One byte more than is left: output past it is the breach, and zlib stops there.
        xml = inflateRawSync(data, { maxOutputLength: Math.min(limit, memoryLimit) - total + 1 });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw over(entry, Math.min(limit, memoryLimit) - total + 1);
        throw new DocumentReadError(`${name} is not a readable .docx file: the archive's entry ${entry.name} does not inflate (${errorMessage(err)})`);
      }
    } else {
      throw new DocumentReadError(`${name} is not a readable .docx file: the archive's entry ${entry.name} uses compression method ${entry.method} (only stored and deflated are read)`);
    }
    if (total + xml.length > Math.min(limit, memoryLimit)) throw over(entry, xml.length);
    total += xml.length;
    if (xml.length > largest.size) largest = { name: entry.name, size: xml.length };
    const depth = xmlDepth(xml);
    checkBudget('nestingDepth', budgets, name, depth, `${entry.name}'s elements nested ${depth} levels deep`);
  }
  return total;
}
