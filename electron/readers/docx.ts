/**
 * DOCX through mammoth, the long-standing .docx-to-HTML/text converter: its raw-text mode gives
 * the document's paragraphs in reading order, each followed by a blank line, without styling.
 * Before mammoth unpacks anything, the archive's directory is checked: it must be a Word document
 * (word/document.xml), and the XML it unpacks to must fit the expanded-characters budget.
 */
import mammoth from 'mammoth';
import { BUDGET_SPECS, checkBudget, type Budgets } from '../../shared/budgets/budgets';
import { DocumentReadError } from './errors';
import { checkDeclaredXml, checkInflatedSize } from './zip-inflate-budget';
import { zipEntries } from './zip-directory';
import { firstLine } from '../../shared/text/first-line';

/** The parts mammoth parses: XML and relationship files (images and fonts are not unpacked to text). */
const PARSED_PART = /\.(xml|rels)$/i;

export function checkArchive(name: string, bytes: Uint8Array, budgets: Budgets): void {
  const entries = zipEntries(bytes);
  if (!entries) throw new DocumentReadError(`${name} is not a readable .docx file: it is not a ZIP archive`);
  if (!entries.some((entry) => entry.name === 'word/document.xml')) {
    throw new DocumentReadError(`${name} is not a readable .docx file: the archive has no word/document.xml (not a Word document)`);
  }
  const parts = entries.filter((entry) => PARSED_PART.test(entry.name));
  const expanded = parts.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  checkBudget('expandedChars', budgets, name, expanded, `unpacks to ${expanded} characters of XML`);
  checkDeclaredXml(name, parts, budgets);
  // The declared sizes may lie: what the parts really inflate to, counted as they inflate.
  checkInflatedSize(name, bytes, parts, budgets);
}

/**
 * mammoth's failure as a one-line refusal. It recurses once per XML level: within the default
 * nesting-depth budget it never runs out of stack (checkArchive measured the parts), so running
 * out means the budget was raised past what it can follow, and the message says so.
 */
export function mammothFailure(name: string, err: unknown, budgets: Budgets): DocumentReadError {
  const reason = firstLine(err);
  if (err instanceof RangeError && /call stack/i.test(reason ?? '')) {
    const spec = BUDGET_SPECS.nestingDepth;
    return new DocumentReadError(
      `${name}: elements nested too deeply for the .docx reader to follow (${reason}); the ${spec.label} limit of ${budgets.nestingDepth} ${spec.unit} let them through, the default --${spec.flag} ${spec.default} refuses them`,
    );
  }
  return new DocumentReadError(`${name} is not a readable .docx file: ${reason}`);
}

export async function docxToText(name: string, bytes: Uint8Array, budgets: Budgets): Promise<string> {
  checkArchive(name, bytes, budgets);
  let raw: string;
  try {
    raw = (await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) })).value;
  } catch (err) {
    throw mammothFailure(name, err, budgets);
  }
  // mammoth ends every paragraph with "\n\n"; keep one blank line between them and one final newline.
  const paragraphs = raw.split(/\n{2,}/).map((p) => p.replace(/\s+$/, '')).filter((p) => p.trim() !== '');
  return paragraphs.length ? paragraphs.join('\n\n') + '\n' : '';
}
