/**
 * The document in a read-only Monaco editor with the current segmentation drawn over it. The
 * editor is created once; each opened document gets its own model. The cursor's segment goes to
 * the ui store; outline clicks come back as reveal requests.
 */
import { useEffect, useRef } from 'react';
import { segmentIndexAt } from '../../../shared/document/segmentation';
import { useUiStore } from '../../stores/ui';
import { publishEditorHandle } from './editor-handle';
import { useOpeningStore } from '../../stores/opening';
import type { LineIndex } from '../../view-model/line-index';
import { languageFor, monaco } from './monaco';
import { takeView } from '../../view-model/prepared-view';
import { SegmentLayers } from './segment-layers';
import { useSession } from '../../stores/session';
import { segmentsOf, useSegments } from '../../stores/session/select-segments';

/** Name of the performance entry recorded after each redraw of the segment layers. */
export const SEGMENT_LAYERS_MEASURE = 'segment-layers-update';

/** Segments drawn in the first part of a long first drawing; later parts size themselves. */
const LAYER_CHUNK = 200;
/**
 * How long one part of a long first drawing may take. Each part adds view zones and is followed
 * by one Monaco frame, whose zone pass grows with the zones drawn so far (its decorations do not:
 * only segments near the viewport have any, see layer-window.ts), so parts much shorter than this
 * multiply those frames; much longer ones freeze the window.
 */
const LAYER_SLICE_MS = 50;

const EDITOR_OPTIONS: monaco.editor.IStandaloneEditorConstructionOptions = {
  readOnly: true,
  theme: 'workbench-light',
  automaticLayout: true,
  glyphMargin: true,
  folding: false,
  minimap: { enabled: false },
  wordWrap: 'on',
  scrollBeyondLastLine: false,
  renderLineHighlight: 'line',
  occurrencesHighlight: 'off',
  selectionHighlight: false,
  links: false,
  unicodeHighlight: { ambiguousCharacters: false, invisibleCharacters: false, nonBasicASCII: false },
  fontFamily: "'JetBrains Mono', 'SF Mono', Menlo, Consolas, 'DejaVu Sans Mono', monospace",
  fontSize: 13,
  lineHeight: 20,
  padding: { top: 8, bottom: 8 },
  overviewRulerLanes: 2,
  contextmenu: true,
};

export function DocumentView() {
  const containerRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const layersRef = useRef<SegmentLayers | null>(null);
  const linesRef = useRef<LineIndex | null>(null);

  const documentId = useSession((s) => s.documentId);
  const text = useSession((s) => s.text);
  const sourceFormat = useSession((s) => s.sourceFormat);
  const readAs = useSession((s) => s.reader?.output);
  const segments = useSegments();

  useEffect(() => {
    const editor = monaco.editor.create(containerRef.current!, EDITOR_OPTIONS);
    editorRef.current = editor;
    layersRef.current = new SegmentLayers(editor);
    const cursor = editor.onDidChangeCursorPosition((e) => {
      const lines = linesRef.current;
      const segmentation = useSession.getState().current?.segmentation;
      if (!lines || !segmentation || segmentation.notes.length === 0) return;
      useUiStore.getState().setCurrentSegment(segmentIndexAt(segmentation, lines.offsetAt(e.position)));
    });
    return () => {
      cursor.dispose();
      layersRef.current?.dispose();
      publishEditorHandle(null);
      editor.getModel()?.dispose();
      editor.dispose();
      editorRef.current = null;
      layersRef.current = null;
    };
  }, []);

  // One model per document; the segmentation layers start over with it. A long text's buffer and
  // line index were built beforehand, a slice per task (prepared-view.ts).
  useEffect(() => {
    const editor = editorRef.current!;
    const view = takeView(text);
    // createModel takes Monaco's text buffer factory in place of the text (TextModel accepts both).
    const model = monaco.editor.createModel(view.buffer as string, languageFor(sourceFormat, readAs));
    layersRef.current!.reset();
    linesRef.current = view.lines;
    editor.setModel(model);
    // What the editor holds, for tests that check a large document is shown whole.
    containerRef.current!.dataset.chars = String(model.getValueLength());
    containerRef.current!.dataset.language = model.getLanguageId();
    publishEditorHandle({ editor, lines: linesRef.current });
    return () => {
      layersRef.current?.reset();
      model.dispose();
    };
  }, [documentId, text, sourceFormat, readAs]);

  // An edit redraws a segment or two at once. A first drawing of many segments (50,000 in a 50 MB
  // document) comes in parts from the top, one task each of about LAYER_SLICE_MS, so the window
  // keeps answering, and its progress is shown; each part is a delta over the last, so an edit
  // meanwhile simply continues from it.
  useEffect(() => {
    const layers = layersRef.current;
    const lines = linesRef.current;
    if (!lines || !layers) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let drawing = 0;
    const opening = useOpeningStore.getState();
    const first = Math.max(LAYER_CHUNK, layers.drawnCount + 1);
    const onePart = first >= segments.length;
    const drawUpTo = (count: number, chunk: number) => {
      const started = performance.now();
      layers.update(count >= segments.length ? segments : segments.slice(0, count), lines, segments.length);
      // An edit: Monaco draws it now, in the time left before the display's next frame, not in
      // that frame's animation callback, where its 2-3 ms came on top of the browser's own style,
      // layout and paint (bench:ui's move). A long first drawing leaves Monaco its frames.
      if (onePart) editorRef.current?.render();
      const took = performance.now() - started;
      drawing += took;
      if (count < segments.length) {
        opening.report('drawing', count, segments.length);
        // The next part as large as fits in the slice at this part's pace.
        const next = Math.max(100, Math.min(4 * chunk, Math.round((chunk * LAYER_SLICE_MS) / Math.max(1, took))));
        timer = setTimeout(() => drawUpTo(count + next, next), 0);
        return;
      }
      if (useOpeningStore.getState().stage === 'drawing') opening.clear();
      // Once whole: read by the UI benchmark (bench/ui.ts); a measure entry costs next to nothing.
      performance.measure(SEGMENT_LAYERS_MEASURE, { start: performance.now() - drawing, duration: drawing, detail: { segments: segments.length } });
    };
    // A long drawing starts in a task of its own, after the render that brought its segments.
    if (!onePart) timer = setTimeout(() => drawUpTo(first, LAYER_CHUNK), 0);
    else drawUpTo(first, LAYER_CHUNK);
    return () => clearTimeout(timer);
  }, [segments, documentId]);

  useEffect(
    () =>
      useUiStore.subscribe((state, previous) => {
        const request = state.revealRequest;
        if (!request || request === previous.revealRequest) return;
        const editor = editorRef.current;
        const lines = linesRef.current;
        const segment = segmentsOf(useSession.getState().text, useSession.getState().current?.segmentation ?? null)[request.index];
        if (!editor || !lines || !segment) return;
        const at = lines.positionAt(segment.start);
        editor.setPosition(at);
        editor.revealLineNearTop(at.lineNumber, monaco.editor.ScrollType.Smooth);
        editor.focus();
      }),
    [],
  );

  return <div className="document-view" ref={containerRef} data-testid="document-view" />;
}
