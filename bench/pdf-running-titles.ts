/**
 * How many texinfo-style running titles a PDF read leaves in the text: "Chapter 4: Function
 * reference 14" or "Appendix A: Copying Information 25" (a chapter or appendix label, its title,
 * the page number), which end up inside the body text they interrupt. Prints one line per file and
 * the total. Give it PDFs unpacked from Debian -doc packages (`apt-get download libtasn1-doc
 * bash-doc`, `dpkg -x` into a scratch folder), never the base machine's documentation folder.
 *
 *   npm run bench:pdf-running-titles -- FILE.pdf...
 */
import { basename } from 'node:path';
import { readDocument } from '../electron/readers';

/** A label, a title of words, and a page number, with no sentence punctuation in between. */
const RUNNING_TITLE = /(?:Chapter \d+|Appendix [A-Z]): [\w .,'-]{1,60}? \d{1,4}(?=\s|$)/g;

async function main(): Promise<void> {
  const files = process.argv.slice(2);
  if (!files.length) throw new Error('usage: npx tsx bench/pdf-running-titles.ts FILE.pdf...');
  let total = 0;
  for (const file of files) {
    const { text } = await readDocument(file);
    const left = text.match(RUNNING_TITLE) ?? [];
    total += left.length;
    console.log(`${basename(file)}\t${left.length} running titles left${left.length ? `\te.g. ${left[0]}` : ''}`);
  }
  console.log(`total\t${total}`);
}

void main();
