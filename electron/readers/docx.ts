/**
 * DOCX through mammoth, the long-standing .docx-to-HTML/text converter: its raw-text mode gives
 * the document's paragraphs in reading order, each followed by a blank line, without styling.
 */
import mammoth from 'mammoth';
import { DocumentReadError } from './errors';

export async function docxToText(name: string, bytes: Uint8Array): Promise<string> {
  let raw: string;
  try {
    raw = (await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) })).value;
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).split('\n')[0];
    throw new DocumentReadError(`${name} is not a readable .docx file: ${reason}`);
  }
  // mammoth ends every paragraph with "\n\n"; keep one blank line between them and one final newline.
  const paragraphs = raw.split(/\n{2,}/).map((p) => p.replace(/\s+$/, '')).filter((p) => p.trim() !== '');
  return paragraphs.length ? paragraphs.join('\n\n') + '\n' : '';
}
