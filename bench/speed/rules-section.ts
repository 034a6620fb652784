/** Speed section: every model-free strategy in MB/s on 1 MB of prose and 0.5 MB of Markdown. */
import { formatTable } from '../report/table';
import { markdownText, proseText } from './texts';
import { measureThroughput, type Throughput } from './rule-throughput';
import { SPLITTERS } from './splitters';

export interface RuleSpeed {
  strategy: string;
  prose: Throughput;
  markdown: Throughput;
}

export const PROSE_CHARS = 1_000_000;
export const MARKDOWN_CHARS = 500_000;

export async function measureRuleStrategies(): Promise<RuleSpeed[]> {
  const prose = proseText(PROSE_CHARS);
  const markdown = markdownText(MARKDOWN_CHARS);
  const out: RuleSpeed[] = [];
  for (const strategy of SPLITTERS.filter((s) => s.kind === 'workbench')) {
    const segment = await strategy.create();
    out.push({ strategy: strategy.name, prose: await measureThroughput(prose, segment), markdown: await measureThroughput(markdown, segment) });
  }
  return out;
}

export function ruleSpeedTable(rows: readonly RuleSpeed[]): string {
  const mb = (t: Throughput) => `${t.mbPerSecond.toFixed(2)} MB/s`;
  const ms = (t: Throughput) => `${(t.seconds * 1000).toFixed(0)} ms`;
  return formatTable(
    ['strategy', 'prose MB/s', 'prose time', 'segments', 'markdown MB/s', 'markdown time', 'segments'],
    rows.map((r) => [r.strategy, mb(r.prose), ms(r.prose), String(r.prose.segments), mb(r.markdown), ms(r.markdown), String(r.markdown.segments)]),
  );
}
