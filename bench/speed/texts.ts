/**
 * Real input for the speed runs, cut to a size: prose from the `novel` builder (Moby-Dick) and
 * Markdown from the `tech-docs` builder, so speed is measured on the same text as quality.
 */
import { buildNovel } from '../corpus/novel';
import { buildTechDocs } from '../corpus/tech-docs';
import { DEFAULT_SEED, REPO_NODE_MODULES } from '../corpus/build';
import type { BuiltCorpus } from '../../electron/corpus/types';

function concatenate(corpus: BuiltCorpus, chars: number): string {
  let text = '';
  for (const doc of corpus.documents) {
    if (text.length >= chars) break;
    text += (text ? '\n\n' : '') + doc.text;
  }
  // Cut at a line start so the end is not half a word.
  const cut = text.lastIndexOf('\n', chars);
  return text.slice(0, cut > chars / 2 ? cut : chars);
}

const everything = { seed: DEFAULT_SEED, limit: 10_000, maxChars: Number.MAX_SAFE_INTEGER, nodeModules: REPO_NODE_MODULES };

/** About `chars` characters of Moby-Dick (the whole book is 1.2 M characters). */
export function proseText(chars: number): string {
  return concatenate(buildNovel(everything), chars);
}

/** About `chars` characters of installed packages' Markdown, headings removed. */
export function markdownText(chars: number): string {
  return concatenate(buildTechDocs(everything), chars);
}
