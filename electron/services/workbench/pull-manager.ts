import type { JobRegistry } from '../jobs/registry';
import type { WorkbenchDeps } from './deps';

/**
 * Model downloads as jobs: `start` answers with the pull job's id, its progress goes out with the
 * job, `cancelJob` stops it (what arrived is kept, so pulling again resumes it).
 */
export class PullManager {
  constructor(
    private readonly models: WorkbenchDeps['models'],
    private readonly jobs: JobRegistry,
  ) {}

  start(profile: string): string {
    return this.jobs.start<'pull'>({ kind: 'pull', profile }, async ({ signal, report }) => {
      let retry: { attempt: number; of: number; reason: string } | undefined;
      const files = await this.models.pull(profile, {
        signal,
        onProgress: (p) => {
          // The latest retry stays with the progress while the pull goes on, as the Models screen shows it.
          retry = p.retry ?? retry;
          report({ stage: p.retry ? 'retrying' : 'downloading', progress: { file: p.file, downloadedBytes: p.downloadedBytes, totalBytes: p.totalBytes, ...(retry ? { retry } : {}) } });
        },
      });
      return { files };
    }).id;
  }
}
