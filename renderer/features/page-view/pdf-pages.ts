/**
 * pdf.js in the page: loaded on first use (the document view never waits for it, and opening a
 * document costs nothing more), its worker a file of the build (`?url`, served from the app's own
 * origin, as the CSP's worker-src asks). One PDF open at a time, freed when another replaces it.
 */
import type { PDFDocumentProxy, PDFPageProxy, PageViewport, RenderTask } from 'pdfjs-dist';

type PdfJs = typeof import('pdfjs-dist');
let pdfjs: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default;
    return lib;
  });
  return pdfjs;
}

let open: { documentId: string; pdf: Promise<PDFDocumentProxy> } | null = null;

/** The document's PDF, parsed by pdf.js from `bytes()` once; a rejection says why in one line. */
export function pdfOf(documentId: string, bytes: () => Promise<Uint8Array>): Promise<PDFDocumentProxy> {
  if (open?.documentId === documentId) return open.pdf;
  const previous = open;
  open = {
    documentId,
    pdf: (async () => {
      const [lib, data] = await Promise.all([loadPdfJs(), bytes()]);
      // No eval (the CSP forbids it); fonts come from the file itself.
      return lib.getDocument({ data, isEvalSupported: false }).promise;
    })(),
  };
  void previous?.pdf.then((pdf) => pdf.destroy(), () => undefined);
  return open.pdf;
}

export interface RenderedPage {
  viewport: PageViewport;
  /** The page's view box origin: the source map's boxes are relative to it. */
  origin: [number, number];
  /** The page size in PDF units. */
  size: [number, number];
}

/** Draws page `index` (0-based) into `canvas`, `width` CSS pixels wide; cancel() stops a render under way. */
export function renderPage(pdf: PDFDocumentProxy, index: number, canvas: HTMLCanvasElement, width: number): { done: Promise<RenderedPage>; cancel(): void } {
  let task: RenderTask | null = null;
  let cancelled = false;
  const done = (async () => {
    const page: PDFPageProxy = await pdf.getPage(index + 1);
    const [x0 = 0, y0 = 0, x1 = 612, y1 = 792] = page.view;
    const unscaled = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: width / unscaled.width });
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.floor(viewport.width * ratio);
    canvas.height = Math.floor(viewport.height * ratio);
    canvas.style.width = `${Math.floor(viewport.width)}px`;
    canvas.style.height = `${Math.floor(viewport.height)}px`;
    if (cancelled) throw new Error('cancelled');
    task = page.render({ canvasContext: canvas.getContext('2d')!, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
    await task.promise;
    return { viewport, origin: [x0, y0], size: [x1 - x0, y1 - y0] } as RenderedPage;
  })();
  return {
    done,
    cancel: () => {
      cancelled = true;
      task?.cancel();
    },
  };
}

/** A box of the source map ([x, y, width, height] from the view origin, y up) in CSS pixels over the canvas. */
export function boxOnCanvas(page: RenderedPage, box: readonly [number, number, number, number]): { left: number; top: number; width: number; height: number } {
  const [x, y, w, h] = box;
  const [ox, oy] = page.origin;
  const [ax, ay, bx, by] = page.viewport.convertToViewportRectangle([x + ox, y + oy, x + ox + w, y + oy + h]);
  return { left: Math.min(ax, bx), top: Math.min(ay, by), width: Math.abs(bx - ax), height: Math.abs(by - ay) };
}

/** A point over the canvas (CSS pixels) in the source map's page units. */
export function pointOnPage(page: RenderedPage, left: number, top: number): [number, number] {
  const [x, y] = page.viewport.convertToPdfPoint(left, top);
  return [x - page.origin[0], y - page.origin[1]];
}
