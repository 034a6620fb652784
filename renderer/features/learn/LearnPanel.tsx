/**
 * The model in the loop: train the `learned` strategy on this workspace's corrections, see how it
 * does on corrections it did not learn from (k-fold), and what it learned (its strongest features).
 */
import { useWorkspaceStore } from '../../stores/workspace';
import { Panel } from '../Panel';
import { trainFromCorrections } from '../../services/learn';
import { useLearnStore } from '../../stores/learn';

const figure = (value: number) => value.toFixed(2);

export function LearnPanel() {
  const dir = useWorkspaceStore((s) => s.dir);
  const corrected = useWorkspaceStore((s) => s.documents.filter((d) => d.corrected !== null).length);
  const { training, report, error } = useLearnStore();
  if (!dir) return null;
  const cv = report?.crossValidation;
  return (
    <Panel title="Learn" className="learn-panel" label="Learn" testId="learn-panel">
      <p className="hint">
        {corrected} corrected document{corrected === 1 ? '' : 's'}. Training learns where you put boundaries; then run the <b>learned</b> strategy (Run panel, or
        run on all).
      </p>
      <div className="button-row">
        <button className="primary" data-testid="train-learned" disabled={training} onClick={() => void trainFromCorrections()}>
          {training ? 'Training…' : 'Train from corrections'}
        </button>
      </div>
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
              'words and layout only (no embedding model installed)'
            )}
            . Saved as{' '}
            <code>{report.modelFile}</code>.
          </p>
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
