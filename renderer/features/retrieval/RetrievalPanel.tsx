/**
 * The retrieval test: ask a question and see which chunks BM25 would retrieve (shared/retrieval,
 * the benchmark's own implementation), under the segmentation shown and, side by side, under a
 * kept one, so two strategies are judged by what they retrieve. Segments left out of export are
 * not indexed. A click on a hit reveals its chunk; an empty question lists nothing. Where the host
 * has an embedding model, a switch ranks the same chunks by dense scores instead (the cosine of
 * the question's embedding with each chunk's, services/dense-retrieval.ts); without one, BM25 only.
 */
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { Segmentation } from '../../../shared/document/types';
import { segmentIndexAt } from '../../../shared/document/segmentation';
import { indexedRanges, segmentSearch, topHits, type SegmentHit, type SegmentSearch } from '../../../shared/retrieval/segment-search';
import { denseModel, denseScores } from '../../services/dense-retrieval';
import { keptBeside, useSession } from '../../stores/session';
import { useUiStore } from '../../stores/ui';
import { Panel } from '../Panel';
import { resultLabel } from '../results/result-label';
import { headOf } from '../../../shared/document/segmentation';
import './retrieval.css';

const HITS = 5;
/** How long typing pauses before the host is asked for dense scores. */
const DENSE_DEBOUNCE_MS = 250;

type Mode = 'bm25' | 'dense';

/**
 * The best chunks of one segmentation by dense score, asked of the host once typing pauses. An
 * answer counts only for the document, question and chunks it was asked for (compared by value:
 * a kept result may come back as a new object with the same chunks, and the first question can
 * take a while as every chunk is embedded). Null while not asked, waiting, or without scores.
 */
function useDenseHits(documentId: string | null, textLength: number, segmentation: Segmentation | null, question: string, on: boolean): SegmentHit[] | null {
  const [answer, setAnswer] = useState<{ key: string; hits: SegmentHit[] | null } | null>(null);
  const ranges = useMemo(() => (segmentation ? indexedRanges(textLength, segmentation) : null), [textLength, segmentation]);
  const rangesKey = useMemo(() => (ranges ? ranges.map((r) => `${r.start}:${r.end}`).join(',') : ''), [ranges]);
  const key = `${documentId}\n${question}\n${rangesKey}`;
  const rangesRef = useRef(ranges);
  rangesRef.current = ranges;
  useEffect(() => {
    const asked = rangesRef.current;
    if (!on || documentId === null || asked === null || question === '') return;
    const timer = setTimeout(() => {
      void denseScores(documentId, question, asked).then((scores) => setAnswer({ key, hits: scores === null ? null : topHits(asked, scores, HITS) }));
    }, DENSE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [on, documentId, question, key]);
  return on && answer?.key === key ? answer.hits : null;
}

/** The index of one segmentation, built when first asked (a 5 MB text takes a moment). */
function useSearch(text: string, segmentation: Segmentation | null, asked: boolean): SegmentSearch | null {
  return useMemo(() => (asked && segmentation ? segmentSearch(text, segmentation) : null), [text, segmentation, asked]);
}

function Hits({ side, label, hits, mode, onPick }: { side: 'shown' | 'kept'; label: string; hits: readonly SegmentHit[]; mode: Mode; onPick: (hit: SegmentHit) => void }) {
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
              data-mode={mode}
              title={mode === 'dense' ? 'Cosine of the question and the chunk by the embedding model; show this chunk in the document' : 'BM25 score; show this chunk in the document'}
              onClick={() => onPick(hit)}
            >
              <span className="retrieval-score">{hit.score.toFixed(mode === 'dense' ? 3 : 2)}</span> <span className="retrieval-index">#{hit.index + 1}</span>{' '}
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
  const documentId = useSession((s) => s.documentId);
  const current = useSession((s) => s.current);
  const kept = useSession((s) => s.kept);
  const beside = useMemo(() => keptBeside(kept, current), [kept, current]);
  const [query, setQuery] = useState('');
  const [mode, setMode] = useState<Mode>('bm25');
  // The host's embedding model: undefined until it answers, null when it has none.
  const [model, setModel] = useState<{ documentId: string; name: string | null } | null>(null);
  useEffect(() => {
    if (documentId === null) return;
    let live = true;
    void denseModel(documentId).then((name) => live && setModel({ documentId, name }));
    return () => {
      live = false;
    };
  }, [documentId]);
  const modelName = model?.documentId === documentId ? model.name : undefined;
  const dense = mode === 'dense' && typeof modelName === 'string';
  const [keptKey, setKeptKey] = useState('');
  const question = useDeferredValue(query).trim();
  const asked = question !== '';
  const other = beside.find((k) => k.key === keptKey) ?? beside[0];
  const shownSearch = useSearch(text, current?.segmentation ?? null, asked);
  const keptSearch = useSearch(text, other?.result.segmentation ?? null, asked);
  const bm25Shown = useMemo(() => (shownSearch && asked ? shownSearch.search(question, HITS) : []), [shownSearch, question, asked]);
  const bm25Kept = useMemo(() => (keptSearch && asked ? keptSearch.search(question, HITS) : []), [keptSearch, question, asked]);
  const denseShown = useDenseHits(documentId, text.length, current?.segmentation ?? null, question, dense);
  const denseKept = useDenseHits(documentId, text.length, other?.result.segmentation ?? null, question, dense && other !== undefined);
  const shownHits = dense ? (denseShown ?? []) : bm25Shown;
  const keptHits = dense ? (denseKept ?? []) : bm25Kept;
  const waiting = dense && asked && denseShown === null;
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
      {modelName === null && (
        <p className="muted retrieval-note" data-testid="retrieval-dense-note">
          BM25 only: no embedding model is installed (import one on the Models screen for dense scores).
        </p>
      )}
      {typeof modelName === 'string' && (
        <select data-testid="retrieval-mode" aria-label="Rank the chunks by" value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
          <option value="bm25">rank by BM25 (words)</option>
          <option value="dense">rank by dense scores ({modelName})</option>
        </select>
      )}
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
          <Hits side="shown" label={`${resultLabel(current)} (shown)`} hits={shownHits} mode={dense ? 'dense' : 'bm25'} onPick={(h) => reveal(h, 'shown')} />
          {other && <Hits side="kept" label={resultLabel(other.result)} hits={keptHits} mode={dense ? 'dense' : 'bm25'} onPick={(h) => reveal(h, 'kept')} />}
        </div>
      )}
      {waiting && <p className="muted">Embedding the chunks…</p>}
      {asked && !dense && shownHits.length === 0 && <p className="empty">No chunk holds a word of the question.</p>}
    </Panel>
  );
}
