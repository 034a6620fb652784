/**
 * Builds the readers corpus (bench quality --corpus readers-headings) from HTML manuals shipped
 * in Debian documentation packages, fetched and unpacked by the person running it:
 *
 *   apt-get download maint-guide developers-reference debian-reference-en git-doc
 *   for f in *.deb; do dpkg -x "$f" /tmp/readers-docs/root; done
 *   npx tsx scripts/readers-corpus.ts --from /tmp/readers-docs/root [--out corpora/readers-headings]
 *
 * Heading gold is what the HTML marks as <h1>-<h6>. A subset is printed to PDF by Chromium
 * (--print-to-pdf, with its running header and footer: date, title, URL, page "n/N"), after
 * putting a soft hyphen into the middle of long words so that line-end hyphenation happens (the
 * Linux build has no hyphenation dictionaries). One page is saved as windows-1252 with its
 * charset declaration removed. --from is a folder of packages unpacked with `dpkg -x`, never the
 * base machine's own installed documentation, which is kept out of tuning for independent checks.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parseHTML } from 'linkedom';
import { describeFlags, parseArgs } from '../electron/cli/args';
import { UserInputError } from '../electron/cli/errors';
import { PAGE_CHROME } from '../electron/readers/article-choice';
import { READERS_CORPUS_NAME, READERS_MANIFEST, type ReadersCorpusManifest, type ReadersDocument } from '../bench/readers/corpus-types';
import { errorMessage } from '../shared/text/error-message';

const SPEC = {
  from: { type: 'string', valueName: 'DIR', description: 'where the Debian packages were unpacked (dpkg -x)' },
  out: { type: 'string', valueName: 'DIR', description: `output folder (default corpora/${READERS_CORPUS_NAME})` },
  chromium: { type: 'string', valueName: 'FILE', description: 'Chromium to print PDFs with (default /usr/bin/chromium)' },
} as const;

/** The families of pages taken, each with how many HTML pages and how many of those printed to PDF. */
const FAMILIES = [
  { package: 'maint-guide', dir: 'usr/share/doc/maint-guide/html', match: /\.en\.html$/, html: 10, pdf: 3 },
  { package: 'developers-reference', dir: 'usr/share/developers-reference', match: /^(?!index|search|genindex|developers-reference)[a-z-]+\.html$/, html: 9, pdf: 3 },
  { package: 'debian-reference-en', dir: 'usr/share/debian-reference', match: /^ch\d+\.en\.html$/, html: 6, pdf: 0 },
  { package: 'git-doc', dir: 'usr/share/doc/git-doc', match: /^(git-(config|log|rebase|push|pull|bisect|commit|merge|submodule|worktree)|gitcore-tutorial|user-manual|gittutorial|MyFirstContribution)\.html$/, html: 12, pdf: 3 },
];

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();


/** The page's own headings: not those of its navigation; permalink marks (¶) left out. */
function headingsOf(html: string): string[] {
  const { document } = parseHTML(html);
  const chrome = new Set(document.querySelectorAll(PAGE_CHROME));
  const inChrome = (node: { parentElement: unknown } | null): boolean => {
    for (let at = node as { parentElement: unknown } | null; at; at = at.parentElement as typeof at) if (chrome.has(at as never)) return true;
    return false;
  };
  return [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
    .filter((h) => !inChrome(h))
    .map((h) => collapse((h.textContent ?? '').replace(/[¶§]/g, '')))
    .filter((t) => /\p{L}/u.test(t));
}

/** Long words of running text get a soft hyphen in the middle; returns the page and the words. */
function softHyphenated(html: string): { html: string; words: string[] } {
  const { document } = parseHTML(html);
  const words = new Set<string>();
  const walker = (node: { nodeType: number; nodeName: string; childNodes: ArrayLike<unknown>; textContent: string | null }) => {
    const stack = [node];
    while (stack.length) {
      const at = stack.pop()!;
      if (at.nodeType === 1 && /^(PRE|CODE|H[1-6]|TT|KBD|SAMP|A|SCRIPT|STYLE|TITLE|HEAD)$/.test(at.nodeName)) continue;
      if (at.nodeType === 3) {
        at.textContent = (at.textContent ?? '').replace(/\b([a-z]{12,})\b/g, (word) => {
          words.add(word);
          const half = word.length >> 1;
          return `${word.slice(0, half)}\u00ad${word.slice(half)}`;
        });
        continue;
      }
      for (const child of Array.from(at.childNodes) as (typeof node)[]) stack.push(child);
    }
  };
  walker(document.body as never);
  return { html: document.toString(), words: [...words].sort() };
}

/** Windows-1252 bytes for a page; characters it lacks become numeric character references. */
function toWindows1252(text: string): Uint8Array {
  const high = new Map<number, number>();
  const table = [0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178];
  table.forEach((cp, i) => high.set(cp, 0x80 + i));
  const bytes: number[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80 || (cp >= 0xa0 && cp <= 0xff)) bytes.push(cp);
    else if (high.has(cp) && !(cp >= 0x80 && cp <= 0x9f)) bytes.push(high.get(cp)!);
    else for (const b of Buffer.from(`&#${cp};`, 'latin1')) bytes.push(b);
  }
  return new Uint8Array(bytes);
}

function nonAscii(text: string): number {
  return Array.from(text).filter((ch) => ch.charCodeAt(0) > 0x7f).length;
}

function main(argv: string[]): number {
  const { flags, help } = parseArgs(argv, SPEC);
  if (help) {
    process.stdout.write(`usage: npx tsx scripts/readers-corpus.ts --from DIR [--out DIR]\n\n${describeFlags(SPEC)}\n`);
    return 0;
  }
  if (!flags.from) throw new UserInputError('--from DIR is needed: the folder the Debian documentation packages were unpacked into');
  const from = resolve(flags.from);
  const out = resolve(flags.out ?? join('corpora', READERS_CORPUS_NAME));
  const chromium = flags.chromium ?? '/usr/bin/chromium';
  for (const sub of ['html', 'pdf', 'pdf-src', 'legacy']) mkdirSync(join(out, sub), { recursive: true });
  const documents: ReadersDocument[] = [];
  let legacyCandidate: { path: string; html: string; package: string; source: string; score: number } | null = null;
  for (const family of FAMILIES) {
    const dir = join(from, family.dir);
    if (!existsSync(dir)) throw new UserInputError(`${dir} is missing: apt-get download ${family.package} and dpkg -x it into ${from}`);
    const pages = readdirSync(dir).filter((name) => family.match.test(name) && statSync(join(dir, name)).isFile()).sort().slice(0, family.html);
    pages.forEach((name, i) => {
      const path = join(dir, name);
      const html = readFileSync(path, 'utf8');
      const headings = headingsOf(html);
      if (headings.length < 2) return;
      const id = `${family.package}--${name.replace(/\.html$/, '')}`;
      copyFileSync(path, join(out, 'html', `${id}.html`));
      const source = relative(from, path);
      documents.push({ file: `html/${id}.html`, format: 'html', package: family.package, source, headings });
      const score = nonAscii(html);
      if (score > (legacyCandidate?.score ?? 0) && html.length < 200_000) legacyCandidate = { path, html, package: family.package, source, score };
      if (i >= family.pdf) return;
      // The page is printed where its stylesheets are: a <base> points back at its folder.
      const hyphenated = softHyphenated(html);
      const printable = hyphenated.html.replace(/<head([^>]*)>/i, `<head$1><base href="file://${dirname(path)}/">`);
      const printed = join(out, 'pdf-src', `${id}.html`);
      writeFileSync(printed, printable);
      const pdf = join(out, 'pdf', `${id}.pdf`);
      execFileSync(chromium, ['--headless', '--no-sandbox', '--disable-gpu', `--print-to-pdf=${pdf}`, `file://${printed}`], { stdio: 'ignore', timeout: 120_000 });
      documents.push({ file: `pdf/${id}.pdf`, format: 'pdf', package: family.package, source, headings, hyphenated: hyphenated.words });
      process.stderr.write(`printed ${basename(pdf)}\n`);
    });
  }
  let legacy: ReadersCorpusManifest['legacy'] = null;
  if (legacyCandidate) {
    const { html, package: pkg, source } = legacyCandidate as { html: string; package: string; source: string };
    // No declaration left: the reader has only the bytes to go by, as a browser would.
    const undeclared = html.replace(/<meta[^>]*charset[^>]*>/gi, '').replace(/<\?xml[^>]*\?>/, '');
    writeFileSync(join(out, 'legacy', 'original.html'), undeclared);
    writeFileSync(join(out, 'legacy', 'windows-1252.html'), toWindows1252(undeclared));
    legacy = { file: 'legacy/windows-1252.html', original: 'legacy/original.html', package: pkg, source };
  }
  const manifest: ReadersCorpusManifest = {
    description: 'Debian HTML manuals (maint-guide, developers-reference, debian-reference-en, git-doc) with their <h1>-<h6> as heading gold; some printed to PDF by Chromium',
    documents,
    legacy,
  };
  writeFileSync(join(out, READERS_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  process.stderr.write(`${documents.length} documents in ${out}\n`);
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`error: ${errorMessage(err)}\n`);
  process.exitCode = err instanceof UserInputError ? 2 : 1;
}
