/**
 * How well `structural` keeps to its sizes on a folder of real documents (.txt, .md, .html, .pdf,
 * .docx, read as `segment` reads them): segments over --max-chars, the longest, and segments under
 * the strategy's own minimum (a document's last segment not counted). Prints figures; asserts none.
 *
 *   npx tsx bench/structural-sizes.ts --dir /tmp/corpus [--max-chars 2000] [--min-chars 100] [--blocks split|whole] [--show-under]
 *
 * --show-under prints each segment under the minimum (file, its text and the next segment's start) to stderr.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { toSegments } from '../shared/document/segmentation';
import { structural } from '../shared/strategies/structural';
import { loadDocument } from '../electron/cli/files';
import { flag } from './flag';
import { errorMessage } from '../shared/text/error-message';

const argv = process.argv.slice(2);
const dir = flag(argv, 'dir', '');
if (dir === '') throw new Error('usage: npx tsx bench/structural-sizes.ts --dir FOLDER [--max-chars N] [--min-chars N]');
const maxChars = Number(flag(argv, 'max-chars', '2000'));
const minChars = Number(flag(argv, 'min-chars', '100'));
const blocks = flag(argv, 'blocks', '');
const showUnder = argv.includes('--show-under');

const files = readdirSync(dir).filter((f) => /\.(txt|md|html?|pdf|docx)$/i.test(f)).sort();
let documents = 0;
let segments = 0;
let over = 0;
let tiny = 0;
const longest: Array<[number, string]> = [];
for (const file of files) {
  let doc;
  try {
    doc = await loadDocument(join(dir, file));
  } catch (err) {
    console.error(`skipped ${file}: ${errorMessage(err)}`);
    continue;
  }
  documents++;
  const options = { maxChars, ...(blocks !== '' ? { blocks } : {}) } as Parameters<typeof structural.segment>[1];
  const { segmentation } = structural.segment(doc.text, options);
  const list = toSegments(doc.text, segmentation);
  segments += list.length;
  list.forEach((s, i) => {
    const length = s.end - s.start;
    if (length > maxChars) {
      over++;
      longest.push([length, file]);
    }
    if (i < list.length - 1 && s.text.trim().length < minChars) {
      tiny++;
      if (showUnder) console.error(`${file}: ${JSON.stringify(s.text)} -> ${JSON.stringify(list[i + 1]?.text.slice(0, 60))}`);
    }
  });
}
longest.sort((a, b) => b[0] - a[0]);
console.log(JSON.stringify({ dir, documents, segments, maxChars, over, longest: longest.slice(0, 3), minChars, underMinNotLast: tiny }, null, 1));
