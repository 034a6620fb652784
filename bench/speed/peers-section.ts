/**
 * Speed section "peers": the splitters retrieval users already run, on the same text in the same
 * process beside the model-free strategies, in MB/s. LangChain's RecursiveCharacterTextSplitter
 * and chonkie's RecursiveChunker at their usual sizes (1,000 and 2,000 characters); the
 * workbench's strategies with their defaults. Peers are devDependencies: benchmark-only.
 */
import { RecursiveChunker } from '@chonkiejs/core';
import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
import { RULE_STRATEGIES } from '../../shared/strategies';
import { formatTable } from '../report/table';
import { measureThroughput, type Throughput } from './rule-throughput';
import { markdownText, proseText } from './texts';
import { MARKDOWN_CHARS, PROSE_CHARS } from './rules-section';

export interface PeerSpeed {
  splitter: string;
  kind: 'workbench' | 'peer';
  prose: Throughput;
  markdown: Throughput;
}

type Split = (text: string) => Promise<{ segments: number }>;

async function peerSplitters(): Promise<Array<{ name: string; split: Split }>> {
  const peers: Array<{ name: string; split: Split }> = [];
  for (const chunkSize of [1000, 2000]) {
    const langchain = new RecursiveCharacterTextSplitter({ chunkSize, chunkOverlap: 0 });
    peers.push({ name: `langchain recursive ${chunkSize}`, split: async (text) => ({ segments: (await langchain.splitText(text)).length }) });
    const chonkie = await RecursiveChunker.create({ chunkSize });
    peers.push({ name: `chonkie recursive ${chunkSize}`, split: async (text) => ({ segments: (await chonkie.chunk(text)).length }) });
  }
  return peers;
}

export async function measurePeers(): Promise<PeerSpeed[]> {
  const prose = proseText(PROSE_CHARS);
  const markdown = markdownText(MARKDOWN_CHARS);
  const rows: PeerSpeed[] = [];
  const measure = async (splitter: string, kind: PeerSpeed['kind'], split: Split) =>
    rows.push({ splitter, kind, prose: await measureThroughput(prose, split), markdown: await measureThroughput(markdown, split) });
  for (const strategy of RULE_STRATEGIES) {
    await measure(strategy.name, 'workbench', async (text) => ({ segments: strategy.segment(text, {}).segmentation.notes.length }));
  }
  for (const peer of await peerSplitters()) await measure(peer.name, 'peer', peer.split);
  return rows;
}

export function peersTable(rows: readonly PeerSpeed[]): string {
  const fastestPeer = (pick: (r: PeerSpeed) => Throughput) => Math.max(...rows.filter((r) => r.kind === 'peer').map((r) => pick(r).mbPerSecond));
  const peerProse = fastestPeer((r) => r.prose);
  const peerMarkdown = fastestPeer((r) => r.markdown);
  const mb = (t: Throughput, best: number) => `${t.mbPerSecond.toFixed(2)} MB/s (${(t.mbPerSecond / best).toFixed(2)}x)`;
  return formatTable(
    ['splitter', 'prose', 'segments', 'markdown', 'segments'],
    rows.map((r) => [r.splitter, mb(r.prose, peerProse), String(r.prose.segments), mb(r.markdown, peerMarkdown), String(r.markdown.segments)]),
  );
}
