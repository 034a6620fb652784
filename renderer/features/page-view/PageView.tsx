/**
 * The PDF's page beside its text: the page the cursor (or the outline's last pick) is on, drawn
 * by pdf.js, with the current segment's lines marked and the lines the reader removed (running
 * headers and footers, page numbers, contents leaders) struck through. A click on the page puts the
 * editor's cursor on the line there. Only the page shown is rendered, so a long PDF costs one
 * page. The text view never waits for it: a page that cannot be shown is one line saying why.
 * Shown only for a PDF read in this session (the document's source map); Hide/Page toggles it.
 */
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { segmentIndexAt, segmentRange } from '../../../shared/document/segmentation';
import { firstLine } from '../../../shared/text/first-line';
import { linesInRange, offsetAtPoint, pageAtOffset, REMOVED_REASONS, type PdfSourceMap } from '../../../shared/pdf-layout/source-map';
import { sourcePdfBytes } from '../../services/source-pdf';
import { useSession } from '../../stores/session';
import { useUiStore } from '../../stores/ui';
import { showOffset } from '../document-view/show-offset';
import { useEditingStore } from '../editing/editing-store';
import { boxOnCanvas, pdfOf, pointOnPage, renderPage, type RenderedPage } from './pdf-pages';
import { cursorWhenFirstShown, usePageView } from './page-view-store';
import './page-view.css';

const REASON_LABELS: Record<(typeof REMOVED_REASONS)[number], string> = {
  'header-footer': 'running header or footer (removed)',
  'page-number': 'page number (removed)',
  'contents-leader': 'contents leader and page number (removed)',
};


/** A page picked by hand (‹ ›, a click): held while the cursor and the current segment stay in [start, end). */
type Pin = { page: number; start: number; end: number };

export function PageView() {
  const documentId = useSession((s) => s.documentId);
  const map = useSession((s) => s.sourceMap);
  const shown = usePageView((s) => s.shown);
  if (!documentId || !map) return null;
  if (!shown)
    return (
      <button className="page-view-show" data-testid="page-view-toggle" title="Show the PDF page beside the text" onClick={() => usePageView.getState().setShown(true)}>
        Page
      </button>
    );
  return <PageCanvas key={documentId} documentId={documentId} map={map} />;
}

function PageCanvas({ documentId, map }: { documentId: string; map: PdfSourceMap }) {
  const index = useUiStore((s) => s.currentSegment);
  const start = useSession((s) => (s.current && index > 0 ? (s.current.segmentation.boundaries[index - 1] ?? 0) : 0));
  const end = useSession((s) => (s.current ? (s.current.segmentation.boundaries[index] ?? s.text.length) : s.text.length));
  const cursor = useEditingStore((s) => s.cursorOffset);
  const text = useSession((s) => s.text.length);
  const [pin, setPin] = useState<Pin | null>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [width, setWidth] = useState(0);
  const [rendered, setRendered] = useState<(RenderedPage & { page: number }) | null>(null);
  const frameRef = useRef<HTMLDivElement | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);

  // The cursor offset outlives a document: until it moves in this one, the segment's start leads.
  const [cursorAtOpen] = useState(() => cursorWhenFirstShown(documentId, cursor));
  const [cursorMoved, setCursorMoved] = useState(false);
  useEffect(() => {
    if (cursor !== cursorAtOpen) setCursorMoved(true);
  }, [cursor, cursorAtOpen]);
  // The page follows the text; a page picked by hand holds until the cursor moves on.
  useEffect(() => {
    if (pin && (start < pin.start || start >= pin.end || (cursor !== null && (cursor < pin.start || cursor >= pin.end)))) setPin(null);
  }, [pin, start, cursor]);
  const followed = pageAtOffset(map, cursorMoved && cursor !== null ? Math.min(cursor, Math.max(0, text - 1)) : start) ?? 0;
  const page = Math.max(0, Math.min(map.pages - 1, pin?.page ?? followed));
  const pinPage = (to: number) => setPin({ page: to, start, end });

  // The text first: pdf.js loads once the first run is done (or after 3 s of a long one) and the page is idle.
  const busy = useSession((s) => s.run.status === 'starting' || s.run.status === 'running');
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), 3000);
    return () => clearTimeout(timer);
  }, []);
  const ready = !busy || waited;
  useEffect(() => {
    if (!ready) return;
    let live = true;
    const load = () =>
      pdfOf(documentId, () => sourcePdfBytes(documentId)).then(
        (loaded) => live && setPdf(loaded),
        (err: unknown) => live && setFailure(firstLine(err)),
      );
    const idle = requestIdleCallback(() => void load(), { timeout: 500 });
    return () => {
      live = false;
      cancelIdleCallback(idle);
    };
  }, [documentId, ready]);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const observer = new ResizeObserver(() => setWidth(Math.floor(frame.clientWidth)));
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!pdf || width <= 0 || !canvasRef.current) return;
    const render = renderPage(pdf, page, canvasRef.current, width);
    let live = true;
    render.done.then(
      (done) => live && setRendered({ ...done, page }),
      (err: unknown) => live && setFailure(firstLine(err)),
    );
    return () => {
      live = false;
      render.cancel();
    };
  }, [pdf, page, width]);

  const onPage = rendered?.page === page ? rendered : null;
  const marks = useMemo(() => (onPage ? linesInRange(map, page, start, end) : []), [onPage, map, page, start, end]);
  const removed = useMemo(() => (onPage ? map.removed.filter((r) => r[0] === page) : []), [onPage, map, page]);

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (!onPage) return;
    const bounds = e.currentTarget.getBoundingClientRect();
    const [x, y] = pointOnPage(onPage, e.clientX - bounds.left, e.clientY - bounds.top);
    const offset = offsetAtPoint(map, page, x, y);
    if (offset === null) return;
    // The page stays while the cursor goes to the line clicked (and the outline to its segment's start).
    const { current, text: all } = useSession.getState();
    const index = current ? segmentIndexAt(current.segmentation, offset) : 0;
    const [from, to] = current ? segmentRange(all, current.segmentation, index) : [0, all.length];
    setPin({ page, start: from, end: to });
    showOffset(offset);
  };

  return (
    <section className="page-view" data-testid="page-view" aria-label="PDF page">
      <header className="page-view-header">
        <button disabled={page <= 0} onClick={() => pinPage(page - 1)} title="Previous page" aria-label="Previous page">
          ‹
        </button>
        <span data-testid="source-page-number">
          Page {page + 1} of {map.pages}
        </span>
        <button disabled={page >= map.pages - 1} onClick={() => pinPage(page + 1)} title="Next page" aria-label="Next page">
          ›
        </button>
        <button className="page-view-hide" data-testid="page-view-toggle" onClick={() => usePageView.getState().setShown(false)} title="Hide the PDF page">
          Hide
        </button>
      </header>
      {failure !== null ? (
        <p className="page-view-notice" data-testid="source-page-notice" title={failure}>
          The page cannot be shown ({failure}); the text is unaffected.
        </p>
      ) : (
        <div className="page-view-scroll" ref={frameRef}>
          <div className="page-view-page" onClick={onClick}>
            <canvas ref={canvasRef} data-testid="source-page" data-page={onPage ? page + 1 : ''} aria-label={`Page ${page + 1}`} />
            {onPage &&
              marks.map((line, i) => (
                <div key={`m${i}`} className="source-highlight" data-testid="source-highlight" style={boxOnCanvas(onPage, [line[1], line[2], line[3], line[4]])} />
              ))}
            {onPage &&
              removed.map((line, i) => (
                <div
                  key={`r${i}`}
                  className="source-removed"
                  data-testid="source-removed"
                  title={REASON_LABELS[REMOVED_REASONS[line[5]]!]}
                  style={boxOnCanvas(onPage, [line[1], line[2], line[3], line[4]])}
                />
              ))}
          </div>
        </div>
      )}
    </section>
  );
}
