import { randomUUID } from 'node:crypto';
import { sameText } from '../../../shared/document/document-info';
import { assertValidSegmentation } from '../../../shared/document/segmentation';
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
 * Runs strategies in the background. `start` answers at once; the run's state is pushed as a
 * `run-state` snapshot on every change (started, progress, end).
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
    this.push(record);
    if (controller.signal.aborted) return this.finish(run, 'cancelled');
    try {
      const result = await this.runStrategy(
        { text: doc.text, info: doc.info, strategy: record.strategy, options: record.options },
        {
          signal: controller.signal,
          onProgress: (progress) => {
            if (record.status !== 'running') return;
            record.progress = { ...progress, runId: record.runId };
            this.push(record);
          },
        },
      );
      if (controller.signal.aborted) return this.finish(run, 'cancelled');
      checkResult(doc, result);
      // As `segment --format json` records it: the reader and its settings made this text.
      record.result = doc.reader ? { ...result, meta: { ...result.meta, reader: doc.reader } } : result;
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
    if (status === 'failed') record.error ??= 'the run failed';
    this.push(record);
  }

  /** Every change goes out as the whole record (a copy: later changes must not reach a sent snapshot). */
  private push(record: RunRecord): void {
    this.events.emit({ type: 'run-state', run: { ...record } });
  }
}

/**
 * A strategy's result must describe this very document and cover it. runStrategy checked coverage
 * where the segmentation was made; the service's runner is a replaceable dependency (a worker
 * thread, a test's stand-in), so what reaches the person is checked once more here. Both checks
 * walk the boundaries only (no hashing): the descriptions are compared, not recomputed.
 */
function checkResult(doc: StoredDocument, result: SegmentationResult): void {
  if (!sameText(result.document, doc.info)) {
    throw new WorkbenchError(wireErrorCodes.coverage, `strategy ${result.strategy} returned a result for another text`);
  }
  assertValidSegmentation(doc.text, result.segmentation);
}
