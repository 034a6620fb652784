/**
 * The retrieval test: ask a question and see which chunks BM25 would retrieve (shared/retrieval,
 * the benchmark's own implementation), under the segmentation shown and, side by side, under a
 * kept one, so two strategies are judged by what they retrieve. Segments left out of export are
 * not indexed. A click on a hit reveals its chunk; an empty question lists nothing.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import type { Segmentation } from '../../../shared/document/types';
import { segmentIndexAt } from '../../../shared/document/segmentation';
import { segmentSearch, type SegmentHit, type SegmentSearch } from '../../../shared/retrieval/segment-search';
import { keptBeside, useSession } from '../../stores/session';
import { useUiStore } from '../../stores/ui';
import { Panel } from '../Panel';
import { resultLabel } from '../results/result-label';
import { headOf } from '../../../shared/document/segmentation';
import './retrieval.css';

const HITS = 5;

/** The index of one segmentation, built when first asked (a 5 MB text takes a moment). */
function useSearch(text: string, segmentation: Segmentation | null, asked: boolean): SegmentSearch | null {
  return useMemo(() => (asked && segmentation ? segmentSearch(text, segmentation) : null), [text, segmentation, asked]);
}

function Hits({ side, label, hits, onPick }: { side: 'shown' | 'kept'; label: string; hits: readonly SegmentHit[]; onPick: (hit: SegmentHit) => void }) {
  const text = useSession((s) => s.text);
  return (
    <div className="retrieval-column" data-testid={`retrieval-${side}`}>
      <div className="retrieval-label" title={label}>
        {label}
      </div>
      <ol>
        {hits.map((hit) => (
          <li key={hit.index}>
            <button
              type="button"
              className="retrieval-hit"
              data-testid="retrieval-hit"
              data-side={side}
              data-index={hit.index}
              data-start={hit.start}
              data-score={hit.score.toFixed(4)}
              title="Show this chunk in the document"
              onClick={() => onPick(hit)}
            >
              <span className="retrieval-score">{hit.score.toFixed(2)}</span> <span className="retrieval-index">#{hit.index + 1}</span>{' '}
              <span className="retrieval-head">{headOf(text.slice(hit.start, Math.min(hit.end, hit.start + 400)))}</span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function RetrievalPanel() {
  const text = useSession((s) => s.text);
  const current = useSession((s) => s.current);
  const kept = useSession((s) => s.kept);
  const beside = useMemo(() => keptBeside(kept, current), [kept, current]);
  const [query, setQuery] = useState('');
  const [keptKey, setKeptKey] = useState('');
  const question = useDeferredValue(query).trim();
  const asked = question !== '';
  const other = beside.find((k) => k.key === keptKey) ?? beside[0];
  const shownSearch = useSearch(text, current?.segmentation ?? null, asked);
  const keptSearch = useSearch(text, other?.result.segmentation ?? null, asked);
  const shownHits = useMemo(() => (shownSearch && asked ? shownSearch.search(question, HITS) : []), [shownSearch, question, asked]);
  const keptHits = useMemo(() => (keptSearch && asked ? keptSearch.search(question, HITS) : []), [keptSearch, question, asked]);
  if (!current) return null;
  // A kept result's chunk is shown as the segment of the shown segmentation where it starts.
  const reveal = (hit: SegmentHit, side: 'shown' | 'kept') =>
    useUiStore.getState().reveal(side === 'shown' ? hit.index : segmentIndexAt(current.segmentation, hit.start));
  return (
    <Panel title="Retrieval test" className="retrieval-panel" label="Retrieval test" testId="retrieval-panel">
      <input
        type="search"
        data-testid="retrieval-query"
        placeholder="A question: which chunks would BM25 retrieve?"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {beside.length > 0 && (
        <select data-testid="retrieval-kept" aria-label="Compare with a kept result" value={other?.key ?? ''} onChange={(e) => setKeptKey(e.target.value)}>
          {beside.map((k) => (
            <option key={k.key} value={k.key}>
              beside: {resultLabel(k.result)}
            </option>
          ))}
        </select>
      )}
      {asked && (
        <div className="retrieval-columns">
          <Hits side="shown" label={`${resultLabel(current)} (shown)`} hits={shownHits} onPick={(h) => reveal(h, 'shown')} />
          {other && <Hits side="kept" label={resultLabel(other.result)} hits={keptHits} onPick={(h) => reveal(h, 'kept')} />}
        </div>
      )}
      {asked && shownHits.length === 0 && <p className="empty">No chunk holds a word of the question.</p>}
    </Panel>
  );
}
