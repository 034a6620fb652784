/** The segment under the cursor: topic, summary, place and size. */
import { useSegments } from '../../stores/session/select-segments';
import { numberFormat, sizeLabel } from '../size-label';
import { useTokenCount, useTokenCounts } from '../../stores/token-counts';
import { useUiStore } from '../../stores/ui';
import { Panel } from '../Panel';

export function SegmentDetails() {
  const segments = useSegments();
  const index = useUiStore((s) => s.currentSegment);
  const segment = segments[index];
  const tokens = useTokenCount(segment?.start ?? -1, segment?.end ?? -1);
  const tokenizer = useTokenCounts((s) => s.tokenizer);
  if (!segment) return null;
  return (
    <Panel
      title={<>Segment {index + 1} <span className="muted">of {segments.length}</span></>}
      className="details"
      label="Current segment"
      testId="segment-details"
      meta={segment.reviewed && <span className="badge">reviewed</span>}
    >
      <dl className="details-grid">
        <dt>Topic</dt>
        <dd>{segment.topic ?? <span className="muted">none</span>}</dd>
        <dt>Summary</dt>
        <dd className="details-summary">{segment.summary ?? <span className="muted">none</span>}</dd>
        <dt>Starts</dt>
        <dd className="details-head">{segment.head}</dd>
        <dt>Range</dt>
        <dd>
          {numberFormat.format(segment.start)}–{numberFormat.format(segment.end)} · <span data-testid="segment-size">{sizeLabel(segment.end - segment.start, tokens)}</span>
          {tokens !== null && tokenizer && <span className="muted"> ({tokenizer})</span>}
        </dd>
      </dl>
    </Panel>
  );
}
