/** Windows done of total, tokens per second and time left for the run in flight. */
import { jobOf, useJobs } from '../../stores/jobs';
import { useSession } from '../../stores/session';

function formatEta(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return 'ETA –';
  if (seconds < 60) return `ETA ${Math.ceil(seconds)} s`;
  return `ETA ${Math.floor(seconds / 60)} min ${Math.ceil(seconds % 60)} s`;
}

const STATUS_TEXT = {
  idle: 'Idle',
  starting: 'Starting…',
  running: 'Running…',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
} as const;

export function RunProgressBar() {
  const status = useSession((s) => s.run.status);
  const strategy = useSession((s) => s.run.strategy);
  const runId = useSession((s) => s.run.runId);
  // The run's job (jobs slice) holds its stage and figures; the session says whether it is shown.
  const job = useJobs((s) => jobOf(s, runId, 'run'));
  const progress = job?.progress ?? null;
  const stage = job?.status === 'running' ? job.stage : null;
  const error = useSession((s) => s.run.error);
  const total = progress?.windowsTotal ?? 0;
  const done = progress?.windowsDone ?? 0;
  const fraction = status === 'done' ? 1 : total > 0 ? done / total : 0;
  const indeterminate = (status === 'starting' || status === 'running') && total === 0;

  return (
    <div
      className={`progress progress-${status}`}
      data-testid="progress"
      data-status={status}
      data-windows-done={done}
      data-windows-total={total}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={1}
      aria-valuenow={indeterminate ? undefined : fraction}
    >
      <div className="progress-track">
        <div
          className={indeterminate ? 'progress-fill indeterminate' : 'progress-fill'}
          style={{ width: indeterminate ? undefined : `${Math.round(fraction * 100)}%` }}
        />
      </div>
      <div className="progress-text">
        <span>
          {STATUS_TEXT[status]}
          {strategy ? ` ${strategy}` : ''}
          {stage && stage !== 'starting' && (status === 'running' || status === 'starting') ? ` · ${stage}` : ''}
        </span>
        {progress && (
          <span className="progress-figures" data-testid="progress-figures">
            {/* Before the first window no figure means anything yet: the model is still loading. */}
            {(status === 'running' || status === 'starting') && total > 0 && done === 0 && progress.tokensPerSecond === 0
              ? `loading model · ${total} window${total === 1 ? '' : 's'} to go`
              : `windows ${done}/${total} · ${progress.tokensPerSecond.toFixed(1)} tok/s · ${formatEta(progress.etaSeconds)}`}
          </span>
        )}
        {status === 'failed' && error && <span className="progress-error">{error}</span>}
      </div>
    </div>
  );
}
