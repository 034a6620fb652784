/**
 * One column of the Compare view: the document's text with this side's segments as alternating
 * bands (the main view's ChunkViz tints) and its boundaries drawn at their characters. A boundary
 * both sides have is drawn plain, one only this side has is drawn strong in this side's colour,
 * and where only the other side has one a dashed mark shows the place. Each drawn boundary carries
 * `data-testid="boundary"` and `data-offset`, as in the main view; the dashed ones
 * `data-testid="compare-missing"`.
 *
 * The marks take no width, so both columns wrap their text alike (scroll-sync.ts relies on it).
 */
import { memo, type ReactNode, type Ref, type UIEvent } from 'react';
import type { CompareBlock, ComparePiece, PieceMark } from '../../../shared/compare/parallel-bands';

export type Side = 'left' | 'right';

const TINT = ['seg-tint-even', 'seg-tint-odd'] as const;

function mark(side: Side, kind: PieceMark, offset: number): ReactNode {
  if (kind === 'none') return null;
  if (kind === 'missing') return <span className={`cmp-bar cmp-missing cmp-from-${side === 'left' ? 'right' : 'left'}`} data-testid="compare-missing" data-offset={offset} title={`Only the ${side === 'left' ? 'right' : 'left'} side has a boundary here`} />;
  return <span className={`cmp-bar cmp-${kind === 'shared' ? 'shared' : `only-${side}`}`} data-testid="boundary" data-offset={offset} data-kind={kind} title={kind === 'shared' ? 'Boundary on both sides' : `Boundary on the ${side} only`} />;
}

/**
 * The text as blocks of whole lines, each block its pieces' parts: memoized, since a long document
 * makes tens of thousands of elements. A block off screen is skipped by the browser
 * (content-visibility), so opening a long document lays out only what shows.
 */
export const CompareFlow = memo(function CompareFlow({ text, pieces, blocks, side, flowRef }: { text: string; pieces: readonly ComparePiece[]; blocks: readonly CompareBlock[]; side: Side; flowRef: Ref<HTMLDivElement> }) {
  return (
    <div className="cmp-flow" ref={flowRef}>
      {blocks.map((b) => (
        <div key={b.start} className="cmp-block">
          {b.parts.map((part) => {
            const p = pieces[part.piece]!;
            const segment = side === 'left' ? p.leftSegment : p.rightSegment;
            return (
              <span key={part.start} className={`cmp-piece ${TINT[segment % 2]}`} data-start={part.start} data-segment={segment}>
                {part.start === p.start && mark(side, side === 'left' ? p.leftMark : p.rightMark, p.start)}
                {text.slice(part.start, part.end)}
              </span>
            );
          })}
        </div>
      ))}
    </div>
  );
});

export function CompareSide(props: {
  side: Side;
  label: string;
  segments: number;
  onlyHere: number;
  text: string;
  pieces: readonly ComparePiece[];
  blocks: readonly CompareBlock[];
  paneRef: Ref<HTMLDivElement>;
  flowRef: Ref<HTMLDivElement>;
  onScroll(e: UIEvent<HTMLDivElement>): void;
}) {
  const { side } = props;
  return (
    <section className={`cmp-side cmp-side-${side}`} aria-label={`${side === 'left' ? 'Left' : 'Right'}: ${props.label}`}>
      <header className="cmp-side-head">
        <span className={`cmp-swatch cmp-only-${side}`} aria-hidden="true" />
        <span className="cmp-side-name" title={props.label}>
          {props.label}
        </span>
        <span className="muted" data-testid="compare-side-figures">
          {props.segments.toLocaleString('en-US')} segments · {props.onlyHere.toLocaleString('en-US')} only here
        </span>
      </header>
      <div className="cmp-pane" ref={props.paneRef} data-testid="compare-side" data-side={side} data-top-offset={0} tabIndex={0} onScroll={props.onScroll}>
        <CompareFlow text={props.text} pieces={props.pieces} blocks={props.blocks} side={side} flowRef={props.flowRef} />
      </div>
    </section>
  );
}
