import { sameText } from '../../../shared/document/document-info';
import { assertValidSegmentation } from '../../../shared/document/segmentation';
import type { SegmentationResult } from '../../../shared/document/types';
import type { RunJob, RunOptions } from '../../../shared/ipc/contract';
import { wireErrorCodes } from '../../../shared/ipc/wire';
import type { JobRegistry } from '../jobs/registry';
import type { StoredDocument } from './document-registry';
import type { WorkbenchDeps } from './deps';
import { WorkbenchError } from '../../../shared/ipc/workbench-error';

/**
 * Runs strategies as jobs (jobs/registry.ts): `start` answers at once, the run's whole job is
 * pushed on every change, `cancelJob` stops it. The manager remembers each run's last snapshot
 * until its document closes (`listRuns`), so a failed or cancelled run never touches an earlier result.
 */
export class RunManager {
  private readonly runs = new Map<string, RunJob>();

  constructor(
    private readonly runStrategy: WorkbenchDeps['runStrategy'],
    private readonly jobs: JobRegistry,
  ) {}

  /** `starter`: the caller the run's snapshots and result go to (JobRegistry.start). */
  start(doc: StoredDocument, strategy: string, options: RunOptions, starter?: string): RunJob {
    let started = false;
    const job = this.jobs.start<'run'>(
      { kind: 'run', documentId: doc.id, strategy, options },
      async ({ signal, report }) => {
        const result = await this.runStrategy(
          { text: doc.text, info: doc.info, strategy, options },
          { signal, onProgress: ({ stage, ...progress }) => report({ stage, progress }) },
        );
        if (signal.aborted) throw new Error('cancelled');
        checkResult(doc, result);
        // As `segment --format json` records it: the reader and its settings made this text.
        return doc.reader ? { ...result, meta: { ...result.meta, reader: doc.reader } } : result;
      },
      // Kept from its first snapshot on; once forgotten (its document closed), no later one brings it back.
      (snapshot) => {
        if (!started || this.runs.has(snapshot.id)) this.runs.set(snapshot.id, snapshot);
      },
      starter,
    );
    started = true;
    return job;
  }

  list(documentId?: string): RunJob[] {
    return [...this.runs.values()].filter((run) => documentId === undefined || run.documentId === documentId);
  }

  /** Forgets the runs of a closed document, cancelling any still going. */
  forgetDocument(documentId: string): void {
    for (const [runId, run] of this.runs) {
      if (run.documentId !== documentId) continue;
      this.jobs.cancel(runId);
      this.runs.delete(runId);
    }
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
