/**
 * The progress of opening a document, over the document view: a large file takes seconds to read,
 * decode, lay out and draw, and each of those stages says how far it is.
 */
import { numberFormat } from '../../stores/segments';
import { useOpeningStore, type OpeningStage } from './opening-store';

const MB = 1024 * 1024;
const megabytes = (bytes: number) => (bytes / MB).toFixed(1);

function figures(stage: OpeningStage, done: number, total: number): string {
  switch (stage) {
    case 'reading':
      return `reading ${megabytes(done)} of ${megabytes(total)} MB`;
    case 'decoding':
      return 'decoding the text';
    case 'building':
      return `laying out ${megabytes(done)} of ${megabytes(total)} M characters`;
    case 'drawing':
      return `drawing segments: ${numberFormat.format(done)} of ${numberFormat.format(total)}`;
  }
}

export function OpeningProgress() {
  const { stage, name, done, total } = useOpeningStore();
  if (stage === null) return null;
  const share = total > 0 ? Math.min(1, done / total) : null;
  return (
    <div className="opening progress" role="status" data-testid="opening" data-stage={stage}>
      <div className="progress-text">
        <span>Opening {name}</span>
        <span className="progress-figures">{figures(stage, done, total)}</span>
      </div>
      <div className="progress-track">
        {share === null ? (
          <div className="progress-fill indeterminate" />
        ) : (
          <div className="progress-fill" style={{ width: `${(share * 100).toFixed(1)}%` }} />
        )}
      </div>
    </div>
  );
}
