/**
 * Plain text as people keep it (man pages as `man` prints them, prose with bare heading lines):
 * how well the rule strategies follow its structure (issue 22).
 *
 *   npm run bench:plain-structure -- [material folder] [source root]
 *
 * The material folder (default /tmp/textrules-docs) holds, per language (en, de, fr, es, ru,
 * zh_CN, ...): src/<lang>/<page> (the roff source, whose .SH / .SS lines, mdoc's .Sh / .Ss, are the heading gold),
 * rendered/<lang>/<page>.txt (`MANWIDTH=80 man -E UTF-8 -l <page> | col -bx`) and
 * wide/<lang>/<page>.txt (the same with MANWIDTH=2000: one line per paragraph, the gold for
 * which line breaks of the 80-column text are soft). It is built from Debian's manpages,
 * manpages-de, -fr, -es, -ru and -zh; none of it is committed:
 *
 *   apt-get download manpages manpages-de manpages-fr manpages-es manpages-ru manpages-zh
 *   for f in *.deb; do dpkg -x $f x; done
 *   # per language, every k-th page of x/usr/share/man/[<lang>/]man[1-8] (30 at most, no .so links):
 *   zcat PAGE.gz > src/<lang>/PAGE
 *   MANWIDTH=80 LANG=C.UTF-8 man -E UTF-8 -l PAGE.gz | col -bx > rendered/<lang>/PAGE.txt
 *   MANWIDTH=2000 LANG=C.UTF-8 man -E UTF-8 -l src/<lang>/PAGE | col -bx > wide/<lang>/PAGE.txt
 * The source root (default this tree) is where shared/strategies is loaded from, so that an
 * older checkout can be measured on the same material.
 *
 * Printed, English and non-English apart:
 * - headings: of the section starts (.SH / .SS / .Sh / .Ss titles found in the text), the share that start a
 *   `structural` segment, on the pages as printed and on a "prose" form of them (indentation
 *   taken off, a blank line after each heading line: bare heading lines over paragraphs);
 * - wrapped: of the `sentence-rules` cuts, the share that fall on a soft line break (a break
 *   the wide rendering does not have) after a word that ends no sentence: cuts inside a sentence;
 * - over limit: `structural` segments over its 2,000-character limit on the pages as printed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RuleStrategy } from '../shared/strategies/types';

const material = resolve(process.argv[2] ?? '/tmp/textrules-docs');
const root = resolve(process.argv[3] ?? join(import.meta.dirname, '..'));

const { structural } = (await import(pathToFileURL(join(root, 'shared/strategies/structural.ts')).href)) as { structural: RuleStrategy };
const { sentenceRules } = (await import(pathToFileURL(join(root, 'shared/strategies/sentence-rules.ts')).href)) as { sentenceRules: RuleStrategy };

/** The heading requests whose titles are the gold: man(7)'s .SH and .SS, mdoc(7)'s .Sh and .Ss. */
const GOLD_HEADING = /^\.(?:SH|SS|Sh|Ss)\s+(.*)$/;

/**
 * The titles of a page's .SH and .SS lines (mdoc's .Sh and .Ss too), as groff prints them (quotes
 * and font escapes gone); not those inside a macro definition (.de … ..: the Tcl/Tk pages'
 * man.macros holds a `.SH "STANDARD OPTIONS"` that no page prints there).
 */
function headingTitles(roff: string): string[] {
  const titles: string[] = [];
  let inDefinition = false;
  for (const line of roff.split('\n')) {
    if (/^\.\s*(?:de|am)\s/.test(line)) inDefinition = true;
    else if (inDefinition && /^\.\s*\.\s*(?:\\".*)?$/.test(line)) inDefinition = false;
    if (inDefinition) continue;
    const m = GOLD_HEADING.exec(line);
    if (!m) continue;
    const title = (m[1] as string)
      .replace(/\\f(?:\[[^\]]*\]|\(..|.)/g, '')
      .replace(/\\-/g, '-')
      .replace(/\\&/g, '')
      .replace(/\\ /g, ' ')
      .replace(/"/g, '')
      .trim();
    if (title !== '') titles.push(title);
  }
  return titles;
}

/**
 * Offsets of the lines whose trimmed text is each title, found in order; a title found on no later
 * line is left out, and the search for the next one goes on from where that one started.
 */
function headingOffsets(text: string, titles: string[]): number[] {
  const offsets: number[] = [];
  const lines = text.split('\n');
  const lineOffsets: number[] = [];
  let offset = 0;
  for (const line of lines) {
    lineOffsets.push(offset);
    offset += line.length + 1;
  }
  let from = 0;
  for (const title of titles) {
    const wanted = title.replace(/\s+/g, ' ');
    for (let i = from; i < lines.length; i++) {
      const line = lines[i] as string;
      if (line.trim().replace(/\s+/g, ' ') !== wanted) continue;
      offsets.push((lineOffsets[i] as number) + (line.length - line.trimStart().length));
      from = i + 1;
      break;
    }
  }
  return offsets;
}

/** The printed page as prose: indentation off, a blank line after each heading line; and where its headings now start. */
function proseForm(text: string, headings: number[]): { text: string; headings: number[] } {
  const isHeading = new Set(headings);
  const out: string[] = [];
  const starts: number[] = [];
  let length = 0;
  let offset = 0;
  for (const line of text.split('\n')) {
    const trimmed = line.trimStart();
    const heading = isHeading.has(offset + (line.length - trimmed.length));
    if (heading) starts.push(length);
    out.push(trimmed);
    length += trimmed.length + 1;
    if (heading) {
      out.push('');
      length += 1;
    }
    offset += line.length + 1;
  }
  return { text: out.join('\n'), headings: starts };
}

function segmentStarts(strategy: RuleStrategy, text: string): Set<number> {
  return new Set([0, ...strategy.segment(text, {}).segmentation.boundaries]);
}

/** A heading counts as a segment start when a segment starts at its line (or at its indentation). */
function headingHits(text: string, headings: number[], starts: Set<number>): number {
  let hits = 0;
  for (const h of headings) {
    let lineStart = h;
    while (lineStart > 0 && text[lineStart - 1] !== '\n') lineStart--;
    if (starts.has(h) || starts.has(lineStart)) hits++;
  }
  return hits;
}

/** Words (runs of non-blanks) with, for each, whether a line break follows it before the next word. */
function words(text: string): Array<{ word: string; end: number; breakAfter: boolean }> {
  const out: Array<{ word: string; end: number; breakAfter: boolean }> = [];
  const re = /\S+/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const end = m.index + m[0].length;
    const gapEnd = text.slice(end).search(/\S/);
    const gap = gapEnd < 0 ? text.slice(end) : text.slice(end, end + gapEnd);
    out.push({ word: m[0], end, breakAfter: gap.includes('\n') });
  }
  return out;
}

const SENTENCE_END = /[.!?…。！？:;)»"”]$/u;

interface Tally {
  headings: number;
  hitsPrinted: number;
  hitsProse: number;
  cuts: number;
  cutsInside: number;
  overLimit: number;
  segments: number;
  pages: number;
  pagesUnaligned: number;
}
const tally = (): Tally => ({ headings: 0, hitsPrinted: 0, hitsProse: 0, cuts: 0, cutsInside: 0, overLimit: 0, segments: 0, pages: 0, pagesUnaligned: 0 });
const groups: Record<'en' | 'other', Tally> = { en: tally(), other: tally() };

for (const lang of readdirSync(join(material, 'rendered')).sort()) {
  const g = lang === 'en' ? groups.en : groups.other;
  for (const file of readdirSync(join(material, 'rendered', lang)).sort()) {
    const text = readFileSync(join(material, 'rendered', lang, file), 'utf8');
    if (text.trim() === '') continue;
    const srcPath = join(material, 'src', lang, file.replace(/\.txt$/, ''));
    g.pages++;
    // Headings.
    const headings = existsSync(srcPath) ? headingOffsets(text, headingTitles(readFileSync(srcPath, 'utf8'))) : [];
    g.headings += headings.length;
    const structuralResult = structural.segment(text, {});
    const cuts = structuralResult.segmentation.boundaries;
    const printedStarts = new Set([0, ...cuts]);
    g.hitsPrinted += headingHits(text, headings, printedStarts);
    const prose = proseForm(text, headings);
    g.hitsProse += headingHits(prose.text, prose.headings, segmentStarts(structural, prose.text));
    // Over limit.
    for (let k = 0; k <= cuts.length; k++) {
      g.segments++;
      if ((cuts[k] ?? text.length) - (cuts[k - 1] ?? 0) > 2000) g.overLimit++;
    }
    // Wrapped lines: align the words of the printed page with those of the wide one (the first
    // line, the page header, is centred differently: both start from the second).
    const widePath = join(material, 'wide', lang, file);
    if (!existsSync(widePath)) continue;
    const wideText = readFileSync(widePath, 'utf8');
    const n = words(text).filter((x) => x.end > text.indexOf('\n'));
    const w = words(wideText).filter((x) => x.end > wideText.indexOf('\n'));
    // Each offset where a printed word starts -> [index of the wide word it belongs to, whether it starts it].
    const at = new Map<number, [number, boolean]>();
    let wi = 0;
    let aligned = true;
    for (let ni = 0; ni < n.length && wi < w.length - 8 && aligned; wi++) {
      // A word hyphenated at a line end (groff prints U+2010) is one wide word.
      let joined = '';
      let first = true;
      const target = (w[wi] as (typeof w)[0]).word;
      while (ni < n.length) {
        const x = n[ni] as (typeof n)[0];
        at.set(x.end - x.word.length, [wi, first]);
        first = false;
        ni++;
        if (joined + x.word === target || !x.breakAfter) {
          joined += x.word;
          break;
        }
        // Broken at a line end: at a hyphen groff added (U+2010, dropped) or at one the word has.
        const part = x.word.endsWith('\u2010') ? x.word.slice(0, -1) : x.word;
        if (!target.startsWith(joined + part)) {
          joined += x.word;
          break;
        }
        joined += part;
      }
      if (joined !== (w[wi] as (typeof w)[0]).word) aligned = false;
    }
    if (!aligned) {
      g.pagesUnaligned++;
      continue;
    }
    for (const cut of sentenceRules.segment(text, {}).segmentation.boundaries) {
      let word = cut;
      while (/\s/.test(text[word] ?? '')) word++;
      const found = at.get(word);
      if (found === undefined) continue;
      g.cuts++;
      const [index, startsWord] = found;
      const before = w[index - 1];
      const inside = !startsWord || (before !== undefined && !before.breakAfter && !SENTENCE_END.test(before.word));
      if (inside) g.cutsInside++;
    }
  }
}

const share = (a: number, b: number, digits = 2) => (b === 0 ? '-' : (a / b).toFixed(digits));
console.log(`material ${material}; strategies from ${root}`);
for (const [name, g] of Object.entries(groups)) {
  console.log(
    `${name === 'en' ? 'English    ' : 'non-English'}: ${g.pages} pages, ${g.headings} headings; ` +
      `headings that start a structural segment ${share(g.hitsPrinted, g.headings)} printed, ${share(g.hitsProse, g.headings)} as prose; ` +
      `sentence-rules cuts inside a sentence ${share(g.cutsInside, g.cuts, 3)} (${g.cutsInside}/${g.cuts}, ${g.pagesUnaligned} pages unaligned); ` +
      `structural segments over 2,000 chars ${g.overLimit} of ${g.segments}`,
  );
}
