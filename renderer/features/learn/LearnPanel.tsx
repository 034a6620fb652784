/**
 * The model in the loop: train the `learned` strategy on this workspace's corrections, see how it
 * does on corrections it did not learn from (k-fold), and what it learned (its strongest features).
 */
import { useShallow } from 'zustand/react/shallow';
import { isSelected } from '../../../shared/workspace/correction-state';
import { useWorkspaceStore } from '../../stores/workspace';
import { Panel } from '../Panel';
import { cancelTraining, trainFromCorrections } from '../../services/learn';
import type { TrainJob } from '../../../shared/ipc/contract';
import { jobOf, useJobs } from '../../stores/jobs';
import { useLearnStore } from '../../stores/learn';
import { TRAINING_OPTION_DECLARATIONS, TRAINING_OPTION_KEYS } from '../../../shared/learn/training-options';

const figure = (value: number) => value.toFixed(2);

/** The training job's stage and figures (jobs slice). */
function ProgressLine({ job }: { job: TrainJob | null }) {
  const progress = job?.progress;
  if (!job || !progress) return <p className="hint" data-testid="learn-progress">Starting…</p>;
  const what =
    job.stage === 'reading'
      ? `reading corrections: ${progress.documentsDone} of ${progress.documents} documents`
      : job.stage === 'embedding'
        ? `embedding ${progress.current ?? ''}: document ${progress.documentsDone + 1} of ${progress.documents}, ${progress.sentencesEmbedded} sentences embedded`
        : `training on ${progress.documents} documents`;
  return (
    <p className="hint" data-testid="learn-progress" data-stage={job.stage}>
      {what}
    </p>
  );
}

/** The corrected documents the training would take (by the workspace's selection), each one can be left out. */
function TrainingDocuments() {
  const selection = useWorkspaceStore((s) => s.selection);
  const documents = useWorkspaceStore(useShallow((s) => s.documents.filter((d) => isSelected(d.state, selection))));
  const { excluded, setExcluded } = useLearnStore();
  if (documents.length === 0) return null;
  return (
    <ul className="learn-documents" data-testid="learn-documents">
      {documents.map((d) => (
        <li key={d.id}>
          <label title={`${d.name}: ${d.chars.toLocaleString('en-US')} chars, ${d.state}`}>
            <input type="checkbox" data-testid="learn-document" data-id={d.id} checked={!excluded.includes(d.id)} onChange={(e) => setExcluded(d.id, !e.target.checked)} />
            {d.name} <span className="muted">({d.chars.toLocaleString('en-US')} chars)</span>
          </label>
        </li>
      ))}
    </ul>
  );
}

export function LearnPanel() {
  const dir = useWorkspaceStore((s) => s.dir);
  const selection = useWorkspaceStore((s) => s.selection);
  const corrected = useWorkspaceStore((s) => s.documents.filter((d) => isSelected(d.state, selection)).length);
  const { training, jobId, report, error, useEmbeddingModel, setUseEmbeddingModel, trainingOptions, setTrainingOption } = useLearnStore();
  const job = useJobs((s) => jobOf(s, jobId, 'train'));
  if (!dir) return null;
  const cv = report?.crossValidation;
  return (
    <Panel title="Learn" className="learn-panel" label="Learn" testId="learn-panel">
      <p className="hint">
        {corrected} {selection === 'reviewed' ? 'reviewed' : 'edited'} document{corrected === 1 ? '' : 's'} (choose which in the Workspace panel). Training learns where
        you put boundaries; then run the <b>learned</b> strategy (Run panel, or run on all).
      </p>
      <TrainingDocuments />
      <label className="setting" title="Weigh sentence embeddings too: one model call per sentence, minutes on a large document">
        <input type="checkbox" data-testid="learn-use-embeddings" checked={useEmbeddingModel} onChange={(e) => setUseEmbeddingModel(e.target.checked)} />
        Use the embedding model (slow)
      </label>
      {TRAINING_OPTION_KEYS.map((key) => (
        <label className="setting" key={key} title={TRAINING_OPTION_DECLARATIONS[key].help}>
          <input type="checkbox" data-testid={`learn-option-${key}`} checked={trainingOptions[key]} onChange={(e) => setTrainingOption(key, e.target.checked)} />
          {TRAINING_OPTION_DECLARATIONS[key].label}
        </label>
      ))}
      <div className="button-row">
        <button className="primary" data-testid="train-learned" disabled={training} onClick={() => void trainFromCorrections()}>
          {training ? 'Training…' : 'Train from corrections'}
        </button>
        {training && (
          <button data-testid="train-cancel" onClick={() => void cancelTraining()}>
            Cancel
          </button>
        )}
      </div>
      {training && <ProgressLine job={job} />}
      {error && (
        <p className="error" role="alert" data-testid="learn-error">
          {error}
        </p>
      )}
      {report && (
        <div data-testid="learn-report">
          <p className="hint">
            Learned from {report.documents.length} document{report.documents.length === 1 ? '' : 's'}; typical segment {report.typicalSegmentChars} chars;{' '}
            {report.embeddingModel ? (
              <span data-testid="learn-embedding">
                with the sentence embeddings of <code>{report.embeddingModel}</code>
              </span>
            ) : (
              'words and layout only'
            )}
            . Saved as{' '}
            <code>{report.modelFile}</code>.
          </p>
          {report.mostlyFrom && (
            <p className="hint" data-testid="learn-mostly-from">
              {report.mostlyFrom.documents} of {report.mostlyFrom.of} corrections started from <b>{report.mostlyFrom.strategy}</b>: boundaries left where it put them teach the
              model to copy it{report.options.strategyCuts ? ", and it weighs other strategies' cuts" : ''}. Correct results of other strategies too, or review every boundary.
            </p>
          )}
          {cv ? (
            <p data-testid="learn-heldout">
              Held out ({cv.folds}-fold, your corrections): Pk {figure(cv.pk)} · WindowDiff {figure(cv.windowDiff)} · F1 {figure(cv.f1)}
            </p>
          ) : (
            <p className="hint">Held-out figures need at least two corrected documents.</p>
          )}
          <table className="learn-features" data-testid="learn-features">
            <thead>
              <tr>
                <th>feature</th>
                <th>weight</th>
              </tr>
            </thead>
            <tbody>
              {report.topFeatures.map((f) => (
                <tr key={f.name}>
                  <td>{f.name}</td>
                  <td>{(f.weight >= 0 ? '+' : '') + f.weight.toFixed(2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.skipped.map((s) => (
            <p className="hint" key={s.name}>
              Skipped {s.name}: {s.reason}
            </p>
          ))}
        </div>
      )}
    </Panel>
  );
}
