/**
 * A batch: one strategy over many workspace documents, with one overall progress figure. Several
 * documents of a model strategy run at once (`parallel`): on inference servers their windows keep
 * every endpoint's slots busy, on the local engine they share the context's sequences. Each document's result is saved as its run as soon
 * as it is done, so a cancelled or failed batch keeps everything finished before it; one
 * document's failure (an endpoint dying under it) does not stop the others.
 */
import type { RunOptions } from '../../../shared/ipc/contract';
import type { BatchOutcome } from '../../../shared/workspace/types';
import type { RunStrategyFn } from '../strategies/runner';
import type { WorkspaceService } from './workspace-service';
import { describeDocument } from '../../../shared/document/document-info';
import { firstLine } from '../../../shared/text/first-line';


export interface BatchProgress {
  done: number;
  total: number;
  /** Name of the document being segmented, null once finished. */
  current: string | null;
  /** Overall fraction in [0, 1], counting the current document's windows. */
  fraction: number;
}

export interface BatchRequest {
  ids: readonly string[];
  strategy: string;
  options: RunOptions;
  runStrategy: RunStrategyFn;
  signal: AbortSignal;
  onProgress: (progress: BatchProgress) => void;
  /** Documents in flight at once (default 1). */
  parallel?: number;
}

export async function runBatch(service: WorkspaceService, request: BatchRequest): Promise<BatchOutcome[]> {
  const { ids, strategy, options, signal, onProgress } = request;
  const total = ids.length;
  const outcomes: (BatchOutcome | undefined)[] = new Array(total);
  // Each running document's share of its windows done; finished documents count as 1.
  const inner = new Map<number, number>();
  let finished = 0;
  let next = 0;
  const report = (current: string | null) => {
    const partial = [...inner.values()].reduce((a, b) => a + b, 0);
    onProgress({ done: finished, total, current, fraction: total === 0 ? 1 : (finished + partial) / total });
  };

  async function runOne(index: number): Promise<void> {
    const id = ids[index]!;
    let name = id;
    try {
      const record = await service.store.readRecord(id);
      name = record.name;
      inner.set(index, 0);
      report(name);
      const text = await service.text(id, record);
      if (text.source.state === 'changed') throw new Error('its source has changed since it was segmented; re-anchor it first');
      const result = await request.runStrategy(
        { text: text.text, info: describeDocument(record.name, text.text), strategy, options },
        {
          signal,
          onProgress: (p) => {
            inner.set(index, p.windowsTotal > 0 ? Math.min(1, p.windowsDone / p.windowsTotal) : 0);
            report(name);
          },
        },
      );
      await service.saveRun(id, result);
      outcomes[index] = { workspaceDocumentId: id, name, ok: true, segments: result.segmentation.notes.length };
    } catch (err) {
      if (signal.aborted) return;
      outcomes[index] = { workspaceDocumentId: id, name, ok: false, error: firstLine(err) };
    } finally {
      inner.delete(index);
      if (outcomes[index]) finished++;
    }
  }

  async function lane(): Promise<void> {
    while (!signal.aborted && next < total) await runOne(next++);
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(request.parallel ?? 1, total)) }, lane));
  const done = outcomes.filter((o): o is BatchOutcome => o !== undefined);
  onProgress({ done: done.length, total, current: null, fraction: total === 0 ? 1 : done.length / total });
  return done;
}
