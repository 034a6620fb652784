/**
 * A corpus on disk: `manifest.json` (documents, seed, sources), `SOURCES.md` (the licence
 * record, for people), and per document `docs/ID.txt` (the text, ready for `cli segment`) and
 * `docs/ID.gold.json` (the gold segmentation in the workbench's JSON format).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { goldResult, readGoldJson, writeGoldJson } from './gold-json';
import { CORPUS_NAMES, type BuiltCorpus, type CorpusName, type SourceRecord } from './types';

export interface ManifestDocument {
  id: string;
  chars: number;
  segments: number;
  text: string;
  gold: string;
  sources: SourceRecord[];
}

export interface CorpusManifest {
  name: CorpusName;
  description: string;
  seed: string;
  /** The texts keep their Markdown headings (see BuiltCorpus). */
  keepsHeadings?: boolean;
  /** The command that rebuilds exactly this corpus. */
  command: string;
  documents: ManifestDocument[];
  licenses: Array<{ package: string; version: string; license: string; contentLicense?: string; files: number }>;
}

export interface LoadedDocument {
  id: string;
  text: string;
  boundaries: number[];
}

export interface LoadedCorpus {
  dir: string;
  manifest: CorpusManifest;
  documents: LoadedDocument[];
}

function licenseSummary(corpus: BuiltCorpus): CorpusManifest['licenses'] {
  const byPackage = new Map<string, CorpusManifest['licenses'][number] & { fileSet: Set<string> }>();
  for (const doc of corpus.documents) {
    for (const s of doc.sources) {
      const key = `${s.package}@${s.version}`;
      const entry = byPackage.get(key) ?? { package: s.package, version: s.version, license: s.license, ...(s.contentLicense ? { contentLicense: s.contentLicense } : {}), files: 0, fileSet: new Set() };
      entry.fileSet.add(s.file);
      entry.files = entry.fileSet.size;
      byPackage.set(key, entry);
    }
  }
  return [...byPackage.values()].sort((a, b) => a.package.localeCompare(b.package)).map(({ fileSet: _, ...rest }) => rest);
}

function sourcesMarkdown(manifest: CorpusManifest): string {
  const lines = [
    `# Corpus \`${manifest.name}\`: sources and licences`,
    '',
    manifest.description,
    '',
    `Built by \`${manifest.command}\` from text that installed npm packages ship; nothing in it was written by hand.`,
    '',
    '| package | version | licence | text licence | files used |',
    '|---|---|---|---|---|',
    ...manifest.licenses.map((l) => `| ${l.package} | ${l.version} | ${l.license} | ${l.contentLicense ?? 'as the package'} | ${l.files} |`),
    '',
    '## Documents',
    '',
    ...manifest.documents.map((d) => `- \`${d.id}\` (${d.chars} chars, ${d.segments} gold segments): ${d.sources.map((s) => s.file).join(', ')}`),
    '',
  ];
  return lines.join('\n');
}

/** Replaces `dir` with the corpus. */
export function writeCorpus(dir: string, corpus: BuiltCorpus, command: string): CorpusManifest {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'docs'), { recursive: true });
  const documents: ManifestDocument[] = corpus.documents.map((doc) => {
    const text = `docs/${doc.id}.txt`;
    const gold = `docs/${doc.id}.gold.json`;
    writeFileSync(join(dir, text), doc.text);
    writeFileSync(join(dir, gold), writeGoldJson(goldResult(`${doc.id}.txt`, doc.text, doc.boundaries, doc.sources), doc.text));
    return { id: doc.id, chars: doc.text.length, segments: doc.boundaries.length + 1, text, gold, sources: doc.sources };
  });
  const manifest: CorpusManifest = {
    name: corpus.name,
    description: corpus.description,
    seed: corpus.seed,
    ...(corpus.keepsHeadings ? { keepsHeadings: true } : {}),
    command,
    documents,
    licenses: licenseSummary(corpus),
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  writeFileSync(join(dir, 'SOURCES.md'), sourcesMarkdown(manifest));
  return manifest;
}

/**
 * Reads a corpus folder (its first `limit` documents when given; the others are not read);
 * throws an Error with a one-line reason when it is not one.
 */
export function readCorpus(dir: string, limit?: number): LoadedCorpus {
  const manifestPath = join(dir, 'manifest.json');
  if (!existsSync(manifestPath)) {
    const inside = CORPUS_NAMES.filter((n) => existsSync(join(dir, n, 'manifest.json')));
    const hint = inside.length ? ` (it holds corpora: ${inside.map((n) => join(dir, n)).join(', ')})` : '';
    throw new Error(`${dir} is not a corpus folder: no manifest.json${hint}`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as CorpusManifest;
  if (!Array.isArray(manifest.documents)) throw new Error(`${manifestPath} has no documents list`);
  const documents = manifest.documents.slice(0, limit).map((d) => {
    const { text, boundaries } = readGoldJson(join(dir, d.gold), readFileSync(join(dir, d.gold), 'utf8'));
    return { id: d.id, text, boundaries };
  });
  return { dir, manifest, documents };
}
