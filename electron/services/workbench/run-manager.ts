import { randomUUID } from 'node:crypto';
import { sameText } from '../../../shared/document/document-info';
import type { SegmentationResult } from '../../../shared/document/types';
import type { RunOptions, RunRecord } from '../../../shared/ipc/contract';
import { wireErrorCodes } from '../../../shared/ipc/wire';
import type { StoredDocument } from './document-registry';
import type { WorkbenchDeps } from './deps';
import { firstLine, WorkbenchError } from './errors';
import type { EventBus } from './event-bus';

interface ActiveRun {
  record: RunRecord;
  controller: AbortController;
  settled: Promise<void>;
}

/**
 * Runs strategies in the background. `start` answers at once; the outcome arrives as events.
 * Each run owns its record, so a failed or cancelled run never touches an earlier result.
 */
export class RunManager {
  private readonly runs = new Map<string, ActiveRun>();

  constructor(
    private readonly runStrategy: WorkbenchDeps['runStrategy'],
    private readonly events: EventBus,
  ) {}

  start(doc: StoredDocument, strategy: string, options: RunOptions): RunRecord {
    const record: RunRecord = {
      runId: randomUUID(),
      documentId: doc.id,
      strategy,
      options,
      status: 'running',
      startedAt: new Date().toISOString(),
      endedAt: null,
      progress: null,
      result: null,
      error: null,
    };
    const controller = new AbortController();
    const run: ActiveRun = { record, controller, settled: Promise.resolve() };
    this.runs.set(record.runId, run);
    // The caller gets its runId before the first event: the work starts on the next turn.
    run.settled = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.execute(run, doc));
    return { ...record };
  }

  cancel(runId: string): boolean {
    const run = this.runs.get(runId);
    if (!run) throw new WorkbenchError(wireErrorCodes.notFound, `no run with id '${runId.slice(0, 128)}'`);
    if (run.record.status !== 'running') return false;
    run.controller.abort();
    return true;
  }

  list(documentId?: string): RunRecord[] {
    return [...this.runs.values()]
      .map((run) => ({ ...run.record }))
      .filter((record) => documentId === undefined || record.documentId === documentId);
  }

  /** Forgets the runs of a closed document, cancelling any still going. */
  forgetDocument(documentId: string): void {
    for (const [runId, run] of this.runs) {
      if (run.record.documentId !== documentId) continue;
      run.controller.abort();
      this.runs.delete(runId);
    }
  }

  /** Cancels everything and waits until every run has settled. */
  async dispose(): Promise<void> {
    for (const run of this.runs.values()) run.controller.abort();
    await Promise.all([...this.runs.values()].map((run) => run.settled));
  }

  private async execute(run: ActiveRun, doc: StoredDocument): Promise<void> {
    const { record, controller } = run;
    this.events.emit({ type: 'run-started', runId: record.runId, documentId: doc.id, strategy: record.strategy });
    if (controller.signal.aborted) return this.finish(run, 'cancelled');
    try {
      const result = await this.runStrategy(
        { text: doc.text, info: doc.info, strategy: record.strategy, options: record.options },
        {
          signal: controller.signal,
          onProgress: (progress) => {
            if (record.status !== 'running') return;
            record.progress = { ...progress, runId: record.runId };
            this.events.emit({ type: 'run-progress', progress: record.progress });
          },
        },
      );
      if (controller.signal.aborted) return this.finish(run, 'cancelled');
      checkResult(doc, result);
      record.result = result;
      this.finish(run, 'finished');
    } catch (err) {
      if (controller.signal.aborted) return this.finish(run, 'cancelled');
      record.error = firstLine(err instanceof Error ? err.message : String(err));
      this.finish(run, 'failed');
    }
  }

  private finish(run: ActiveRun, status: 'finished' | 'failed' | 'cancelled'): void {
    const { record } = run;
    record.status = status;
    record.endedAt = new Date().toISOString();
    const base = { runId: record.runId, documentId: record.documentId };
    if (status === 'finished' && record.result) this.events.emit({ type: 'run-finished', ...base, result: record.result });
    else if (status === 'failed') this.events.emit({ type: 'run-failed', ...base, error: record.error ?? 'the run failed' });
    else this.events.emit({ type: 'run-cancelled', ...base });
  }
}

/**
 * A strategy's result must describe this very document. Its coverage of the text was checked once,
 * where the segmentation was made (runStrategy, in the worker or here); this compares the two
 * descriptions only, which costs nothing, so a result can never be shown over another document.
 */
function checkResult(doc: StoredDocument, result: SegmentationResult): void {
  if (!sameText(result.document, doc.info)) {
    throw new WorkbenchError(wireErrorCodes.coverage, `strategy ${result.strategy} returned a result for another text`);
  }
}
