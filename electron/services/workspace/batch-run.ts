/**
 * A batch: one strategy over many workspace documents, one after another, with one overall
 * progress figure. Each document's result is saved as its run as soon as it is done, so a
 * cancelled or failed batch keeps everything finished before it; one document's failure does not
 * stop the others.
 */
import type { SegmentationResult } from '../../../shared/document/types';
import type { RunOptions } from '../../../shared/ipc/contract';
import type { BatchOutcome } from '../../../shared/workspace/types';
import type { StrategyRunHooks, StrategyRunRequest } from '../workbench/deps';
import type { WorkspaceService } from './workspace-service';
import { describeDocument } from '../../../shared/document/document-info';

export type StrategyRunner = (request: StrategyRunRequest, hooks: StrategyRunHooks) => Promise<SegmentationResult>;

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
  runStrategy: StrategyRunner;
  signal: AbortSignal;
  onProgress: (progress: BatchProgress) => void;
}

export async function runBatch(service: WorkspaceService, request: BatchRequest): Promise<BatchOutcome[]> {
  const { ids, strategy, options, signal, onProgress } = request;
  const outcomes: BatchOutcome[] = [];
  const total = ids.length;
  for (const [done, id] of ids.entries()) {
    if (signal.aborted) break;
    let name = id;
    try {
      const record = await service.store.readRecord(id);
      name = record.name;
      onProgress({ done, total, current: name, fraction: done / total });
      const text = await service.text(id, record);
      if (text.source.state === 'changed') throw new Error('its source has changed since it was segmented; re-anchor it first');
      const result = await request.runStrategy(
        { text: text.text, info: describeDocument(record.name, text.text), strategy, options },
        {
          signal,
          onProgress: (p) => {
            const inner = p.windowsTotal > 0 ? p.windowsDone / p.windowsTotal : 0;
            onProgress({ done, total, current: name, fraction: (done + Math.min(1, inner)) / total });
          },
        },
      );
      await service.saveRun(id, result);
      outcomes.push({ workspaceDocumentId: id, name, ok: true, segments: result.segmentation.notes.length });
    } catch (err) {
      if (signal.aborted) break;
      outcomes.push({ workspaceDocumentId: id, name, ok: false, error: (err instanceof Error ? err.message : String(err)).split('\n')[0] });
    }
  }
  onProgress({ done: outcomes.length, total, current: null, fraction: total === 0 ? 1 : outcomes.length / total });
  return outcomes;
}
