/**
 * `tech-docs`: Markdown that installed npm packages ship (README.md and docs/*.md), the content
 * the seed cared most about: prose mixed with code blocks, tables and lists. A document is one
 * file with its headings removed; the gold boundaries are its section boundaries (headings of
 * level 1–3). Files are chosen deterministically: those with code blocks, tables and lists
 * first, then the seed orders each tier.
 *
 * `tech-docs-headed`: the same files in the same order (same seed), headings kept: each gold
 * section starts at its heading line (a document may hold fewer sections, the headings taking
 * room under maxChars). What a retrieval user exports from real Markdown, for
 * measuring what heading context adds; its boundaries are easy (a heading marks each one).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { createRandom } from '../retrieval/random';
import { assemble, unitsThatFit } from './assemble';
import { splitMarkdownSections } from './markdown-sections';
import { owningPackage, sourceRecord } from './package-info';
import type { BuildOptions, BuiltCorpus, CorpusDocument } from '../../electron/corpus/types';

const MIN_FILE_CHARS = 1500;
const MAX_FILE_CHARS = 80_000;
const MIN_SECTIONS = 3;
/** READMEs made mostly of HTML badges and layout are not Markdown prose. */
const MAX_HTML_SHARE = 0.1;
const SEPARATOR = '\n\n';

interface Candidate {
  /** Absolute path. */
  path: string;
  sections: string[];
  /** 0–3: has code blocks, has a table, has a list. */
  richness: number;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function sortedEntries(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

/** Every package folder under a node_modules folder, nested ones included, in sorted order. */
function packageDirs(nodeModules: string, out: string[] = []): string[] {
  for (const entry of sortedEntries(nodeModules)) {
    if (entry.startsWith('.')) continue;
    const path = join(nodeModules, entry);
    const dirs = entry.startsWith('@') ? sortedEntries(path).map((e) => join(path, e)) : [path];
    for (const dir of dirs) {
      if (!isDirectory(dir)) continue;
      out.push(dir);
      const nested = join(dir, 'node_modules');
      if (isDirectory(nested)) packageDirs(nested, out);
    }
  }
  return out;
}

function markdownFilesOf(packageDir: string): string[] {
  const files = sortedEntries(packageDir)
    .filter((f) => f.toLowerCase() === 'readme.md')
    .map((f) => join(packageDir, f));
  const docs = join(packageDir, 'docs');
  if (isDirectory(docs)) files.push(...sortedEntries(docs).filter((f) => f.toLowerCase().endsWith('.md')).map((f) => join(docs, f)));
  return files.filter((f) => !isDirectory(f));
}

function assess(path: string, seen: Set<string>): Candidate | null {
  const text = readFileSync(path, 'utf8');
  if (text.length < MIN_FILE_CHARS || text.length > MAX_FILE_CHARS || seen.has(text)) return null;
  seen.add(text); // the same README is often installed several times, nested
  const shape = splitMarkdownSections(text);
  if (shape.codeBlocks === 0 || shape.sections.length < MIN_SECTIONS) return null;
  if (shape.htmlLines > shape.lines * MAX_HTML_SHARE) return null;
  const richness = 1 + (shape.tableRows >= 2 ? 1 : 0) + (shape.listItems >= 3 ? 1 : 0);
  return { path, sections: shape.sections, richness };
}

/** Which text each document gets: headings removed (the gold stays hidden) or kept. */
interface Variant {
  name: 'tech-docs' | 'tech-docs-headed';
  keepHeadings: boolean;
  description: string;
}

const HEADINGS_REMOVED: Variant = {
  name: 'tech-docs',
  keepHeadings: false,
  description: 'Markdown (README.md, docs/*.md) shipped by installed npm packages, headings removed; gold = section boundaries.',
};

const HEADINGS_KEPT: Variant = {
  name: 'tech-docs-headed',
  keepHeadings: true,
  description: 'The tech-docs files with their Markdown headings kept; gold = section starts (each at its heading line).',
};

export function buildTechDocs(options: BuildOptions): BuiltCorpus {
  return buildVariant(options, HEADINGS_REMOVED);
}

export function buildTechDocsHeaded(options: BuildOptions): BuiltCorpus {
  return buildVariant(options, HEADINGS_KEPT);
}

function buildVariant(options: BuildOptions, variant: Variant): BuiltCorpus {
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  for (const dir of packageDirs(options.nodeModules)) {
    for (const file of markdownFilesOf(dir)) {
      const candidate = assess(file, seen);
      if (candidate) candidates.push(candidate);
    }
  }
  const random = createRandom(`tech-docs:${options.seed}`);
  const ordered = [3, 2, 1].flatMap((richness) => random.shuffle(candidates.filter((c) => c.richness === richness)));

  const documents: CorpusDocument[] = [];
  for (const candidate of ordered) {
    if (documents.length >= options.limit) break;
    // The same sections either way (a kept heading opens the section it would have started).
    const sections = variant.keepHeadings ? splitMarkdownSections(readFileSync(candidate.path, 'utf8'), { keepHeadings: true }).sections : candidate.sections;
    const lengths = sections.map((s) => s.length);
    const taken = unitsThatFit(lengths, 0, lengths.length, options.maxChars, SEPARATOR.length);
    if (taken < 2) continue;
    const pkg = owningPackage(candidate.path);
    // Text is only reused under a licence its package states.
    if (!pkg || /^(UNKNOWN|UNLICENSED|SEE LICENSE)/i.test(pkg.license)) continue;
    const { text, boundaries } = assemble(sections.slice(0, taken), SEPARATOR);
    documents.push({
      id: `${variant.name}-${String(documents.length + 1).padStart(3, '0')}`,
      text,
      boundaries,
      sources: [sourceRecord(pkg, relative(options.nodeModules, candidate.path).split(sep).join('/'))],
    });
  }
  return {
    name: variant.name,
    description: variant.description,
    seed: options.seed,
    ...(variant.keepHeadings ? { keepsHeadings: true } : {}),
    documents,
  };
}
