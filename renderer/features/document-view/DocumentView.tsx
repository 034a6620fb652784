/**
 * The document in a read-only Monaco editor with the current segmentation drawn over it. The
 * editor is created once; each opened document gets its own model. The cursor's segment goes to
 * the ui store; outline clicks come back as reveal requests.
 */
import { useEffect, useRef } from 'react';
import { segmentIndexAt } from '../../../shared/document/segmentation';
import { useUiStore } from '../../stores/ui';
import { publishEditorHandle } from './editor-handle';
import { LineIndex } from './line-index';
import { languageFor, monaco } from './monaco';
import { SegmentLayers } from './segment-layers';
import { useSession } from '../../stores/session';
import { segmentsOf, useSegments } from '../../stores/session/select-segments';

/** Name of the performance entry recorded after each redraw of the segment layers. */
export const SEGMENT_LAYERS_MEASURE = 'segment-layers-update';

/** Segments drawn per task in a long first drawing. */
const LAYER_CHUNK = 2_000;

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
      publishEditorHandle(null);
      editor.getModel()?.dispose();
      editor.dispose();
      editorRef.current = null;
      layersRef.current = null;
    };
  }, []);

  // One model per document; the segmentation layers start over with it.
  useEffect(() => {
    const editor = editorRef.current!;
    const model = monaco.editor.createModel(text, languageFor(sourceFormat));
    layersRef.current!.reset();
    linesRef.current = new LineIndex(text);
    editor.setModel(model);
    publishEditorHandle({ editor, lines: linesRef.current });
    return () => {
      layersRef.current?.reset();
      model.dispose();
    };
  }, [documentId, text, sourceFormat]);

  // An edit redraws a segment or two at once. A first drawing of many segments (50,000 in a 50 MB
  // document) comes in parts of LAYER_CHUNK from the top, one task each, so the window keeps
  // answering; each part is a delta over the last, so an edit meanwhile simply continues from it.
  useEffect(() => {
    const layers = layersRef.current;
    const lines = linesRef.current;
    if (!lines || !layers) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let drawing = 0;
    const drawUpTo = (count: number) => {
      const started = performance.now();
      layers.update(count >= segments.length ? segments : segments.slice(0, count), lines);
      drawing += performance.now() - started;
      if (count < segments.length) {
        timer = setTimeout(() => drawUpTo(count + LAYER_CHUNK), 0);
        return;
      }
      // Once whole: read by the UI benchmark (bench/ui.ts); a measure entry costs next to nothing.
      performance.measure(SEGMENT_LAYERS_MEASURE, { start: performance.now() - drawing, duration: drawing, detail: { segments: segments.length } });
    };
    drawUpTo(Math.max(LAYER_CHUNK, layers.drawnCount + 1));
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
