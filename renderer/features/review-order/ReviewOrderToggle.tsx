/**
 * The review bar's order: document order, or least confident first (the boundaries the strategy
 * was least sure of come first). Shows the confidence of the boundary under review.
 */
import { useSession } from '../../stores/session';
import { useUiStore } from '../../stores/ui';
import { confidenceLabel } from '../confidence/heat';
import { chooseReviewOrder, useReviewOrder, type ReviewOrder } from './review-order';

export function ReviewOrderToggle() {
  const order = useReviewOrder((s) => s.order);
  const index = useUiStore((s) => s.currentSegment);
  const confidence = useSession((s) => (index > 0 ? s.current?.segmentation.notes[index]?.confidence : undefined));
  return (
    <div className="review-order">
      <select
        data-testid="review-order"
        aria-label="Review order"
        title="Walk the boundaries in document order, or the least confident first (learned, texttiling and c99 give each boundary a confidence)"
        value={order}
        onChange={(e) => chooseReviewOrder(e.target.value as ReviewOrder)}
      >
        <option value="document">Document order</option>
        <option value="confidence">Least confident first</option>
      </select>
      {confidence !== undefined && (
        <span className="muted" data-testid="review-confidence" data-confidence={confidence}>
          {' '}
          {confidenceLabel(confidence)}
        </span>
      )}
    </div>
  );
}
