/** The current result and the results kept beside it (each once, with its settings): bring one forward, or discard it. */
import type { SegmentationResult, SegmentationWarning } from '../../../shared/document/types';
import { segmentIndexAt } from '../../../shared/document/segmentation';
import { useUiStore } from '../../stores/ui';
import { Panel } from '../Panel';
import { keptBeside, useSession } from '../../stores/session';
import { resultLabel } from './result-label';

function summary(result: SegmentationResult): string {
  const n = result.segmentation.notes.length;
  return `${n} segment${n === 1 ? '' : 's'}${result.warnings.length ? ` · ${result.warnings.length} warning${result.warnings.length === 1 ? '' : 's'}` : ''}`;
}

export function ResultsPanel() {
  const current = useSession((s) => s.current);
  const kept = useSession((s) => s.kept);
  if (!current) return null;
  return (
    <Panel title="Results" className="results" label="Results">
      <ul className="result-list">
        <li className="result current" data-testid="result-current">
          <span className="result-name">{resultLabel(current)}</span>
          <span className="result-summary">{summary(current)}</span>
          <span className="badge">shown</span>
        </li>
        {keptBeside(kept, current).map((k) => (
          <li className="result" key={k.key} data-testid="result-kept">
            <span className="result-name">{resultLabel(k.result)}</span>
            <span className="result-summary">{summary(k.result)}</span>
            <span className="result-actions">
              <button className="small" onClick={() => useSession.getState().bringForward(k.key)}>
                Show
              </button>
              <button className="small" onClick={() => useSession.getState().discardKept(k.key)} aria-label="Discard">
                ×
              </button>
            </span>
          </li>
        ))}
      </ul>
      {current.warnings.length > 0 && (
        <details className="warnings">
          <summary>Warnings ({current.warnings.length})</summary>
          <ul>
            {current.warnings.slice(0, 200).map((w, i) => (
              <li key={i}>
                <WarningText warning={w} result={current} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </Panel>
  );
}

/** Where a warning happened: its offset, or the "at 12910" its message names. */
export function warningOffset(warning: SegmentationWarning): number | null {
  if (warning.offset !== undefined) return warning.offset;
  const named = /\bat (\d[\d,]*)\b/.exec(warning.message);
  return named ? Number(named[1]!.replace(/,/g, '')) : null;
}

/** A warning that says where: a link that reveals its segment in the text and the outline. */
function WarningText({ warning, result }: { warning: SegmentationWarning; result: SegmentationResult }) {
  const offset = warningOffset(warning);
  const text = (
    <>
      <code>{warning.code}</code> {warning.message}
    </>
  );
  if (offset === null || offset > result.document.chars) return text;
  return (
    <button
      className="link warning-link"
      data-testid="warning-link"
      data-offset={offset}
      title="Show this segment"
      onClick={() => useUiStore.getState().reveal(segmentIndexAt(result.segmentation, offset))}
    >
      {text}
    </button>
  );
}
