/**
 * Every splitter `bench speed` times side by side, by name: the workbench's model-free
 * strategies with their defaults, and the peers retrieval users already run (LangChain's
 * RecursiveCharacterTextSplitter and chonkie's RecursiveChunker at their usual 1,000 and 2,000
 * characters; devDependencies, benchmark-only). One list, so that a fresh process can build the
 * same splitter from its name.
 */
import { RecursiveChunker } from '@chonkiejs/core';
import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
import { RULE_STRATEGIES } from '../../shared/strategies';

/** Splits a text; resolves to the number of pieces, so the work cannot be optimised away. */
export type Split = (text: string) => Promise<{ segments: number }>;

export interface Splitter {
  name: string;
  kind: 'workbench' | 'peer';
  /** Builds the splitter: set-up (a chunker's construction) is not part of any timed run. */
  create(): Promise<Split>;
}

const PEER_SIZES = [1000, 2000] as const;

export const SPLITTERS: readonly Splitter[] = [
  ...RULE_STRATEGIES.map(
    (strategy): Splitter => ({
      name: strategy.name,
      kind: 'workbench',
      // The strategy's own segment() call: what the strategy costs, without I/O or validation.
      create: async () => async (text) => ({ segments: strategy.segment(text, {}).segmentation.notes.length }),
    }),
  ),
  ...PEER_SIZES.flatMap((chunkSize): Splitter[] => [
    {
      name: `langchain recursive ${chunkSize}`,
      kind: 'peer',
      create: async () => {
        const splitter = new RecursiveCharacterTextSplitter({ chunkSize, chunkOverlap: 0 });
        return async (text) => ({ segments: (await splitter.splitText(text)).length });
      },
    },
    {
      name: `chonkie recursive ${chunkSize}`,
      kind: 'peer',
      create: async () => {
        const chunker = await RecursiveChunker.create({ chunkSize });
        return async (text) => ({ segments: (await chunker.chunk(text)).length });
      },
    },
  ]),
];

export function splitterNamed(name: string): Splitter {
  const found = SPLITTERS.find((s) => s.name === name);
  if (!found) throw new Error(`no splitter named '${name}'`);
  return found;
}
