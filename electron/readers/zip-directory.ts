/**
 * The entry list of a ZIP archive, read from its central directory without inflating anything:
 * enough to refuse a .docx that is not a Word document, or one that declares it would unpack to
 * far more than its size (a "zip bomb"), before mammoth unpacks it into memory. The declared
 * sizes may lie: zip-inflate-budget.ts counts what the entries really inflate to.
 */

export interface ZipEntry {
  name: string;
  /** As the archive declares it; 0xffffffff (ZIP64) means "larger than 4 GB or unknown". */
  uncompressedSize: number;
  /** As declared; where the entry's data ends, counted from its start (what mammoth's unzipper reads too). */
  compressedSize: number;
  /** 0 stored, 8 deflated (the two methods a .docx uses). */
  method: number;
  /** Where the entry's local header starts. */
  localHeaderOffset: number;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
/** The end record is 22 bytes, followed by a comment of up to 65,535 bytes. */
const END_SEARCH = 22 + 0xffff;

/** The entries, or null when the bytes are not a readable ZIP archive. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - END_SEARCH); i--) {
    if (view.getUint32(i, true) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end === -1) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_FILE_HEADER) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > bytes.length) return null;
    entries.push({
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      uncompressedSize: view.getUint32(at + 24, true),
      compressedSize: view.getUint32(at + 20, true),
      method: view.getUint16(at + 10, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
