/**
 * Draws a segmentation over the Monaco document:
 * - a tint over each segment's characters (tint-range.ts), neighbours always in different tints
 *   (see tint-colours.ts), so segments sharing a line stay apart; its hover shows the topic and summary;
 * - a glyph-margin marker at each segment start and a coloured band per segment in the gutter
 *   (green where the segment is reviewed);
 * - a boundary inside a line drawn at its character: the segment's label chip (injected text)
 *   and a bar carrying `data-testid="boundary"` and `data-offset` (inline-marker.ts), never a rule
 *   above a line that still shows the previous segment's words;
 * - overview-ruler marks where boundaries are, one per bucket of lines (layer-window.ts);
 * - a view zone above each line where a segment starts at the line's first character: the
 *   boundary line with the segment's topic and size. Its cell carries `data-testid="boundary"` and
 *   `data-offset` (the first segment's is `document-start`). Monaco
 *   keeps every zone's DOM node attached and only hides off-screen ones, so up to EAGER_ZONE_LIMIT
 *   segments the markers in the DOM are exactly the boundaries, one each; beyond it a zone's cells
 *   are built when it is first shown. Zones exist for every boundary line, near the viewport
 *   or not: they give the document its height, so adding and removing them while scrolling would
 *   make the text jump.
 *
 * The tints, markers and bars (Monaco decorations) exist only for the segments near the viewport
 * (layer-window.ts): Monaco's frame after any decoration change costs in proportion to all glyph
 * decorations, so the window keeps each frame's cost independent of the number of segments.
 * Scrolling moves the window by delta: segments leaving it lose their decorations, those entering
 * it get them.
 *
 * Updates are deltas: the segments an edit left alone form a common head and tail of the old and
 * new lists (the text never changes, so their offsets do not either), and only the run between
 * them is redrawn: two segments for a moved boundary, one or two for a split or merge, whatever
 * the document's size. Finding the run is a scan of integers; no decoration, zone or tint outside
 * it is touched.
 */
import type { LineIndex } from '../../view-model/line-index';
import { monaco } from './monaco';
import { tintsBetween, type Tint } from './tint-colours';
import { tintRange } from './tint-range';
import { sizeLabel } from '../size-label';
import { confidenceLabel, heatClass } from '../confidence/heat';
import { ZoneBar } from './zone-bar';
import { chipText, InlineMarker } from './inline-marker';
import type { SegmentView } from '../../stores/session/select-segments';
import {
  firstStartingFrom,
  RulerBuckets,
  segmentsInOffsets,
  windowCovers,
  windowLines,
  type IndexSpan,
  type LineSpan,
} from './layer-window';

type Editor = monaco.editor.ICodeEditor;
type DecorationSpec = monaco.editor.IModelDeltaDecoration;

const TINT_CLASSES = ['seg-tint-even', 'seg-tint-odd', 'seg-tint-third'] as const;
/**
 * Up to this many segments every zone's cells are built with it, so the DOM holds one boundary
 * cell per boundary (the browser tests read them all). Beyond it a zone's cells are built when
 * Monaco first shows it: 50,000 zones' cells cost seconds of DOM building during the open.
 */
const EAGER_ZONE_LIMIT = 2_000;
const RULER_COLOUR = 'rgba(47, 98, 201, 0.6)';
/** Lines taken as visible before the editor has laid out any. */
const FIRST_SCREEN_LINES = 60;

/** What a segment looks like on screen: everything its decorations and zone cell show. */
interface SegmentLook {
  start: number;
  end: number;
  topic: string | undefined;
  summary: string | undefined;
  reviewed: boolean;
  /** The strategy's confidence in the segment's start boundary (features/confidence). */
  confidence: number | undefined;
}

/**
 * A segment as drawn: its look, its tint and, while it is in the window, its two decorations
 * (tint, start marker) and, when it starts inside a line, its inline marker; outside the window
 * `decorationIds` is empty and `marker` null.
 */
interface DrawnSegment extends SegmentLook {
  tint: Tint;
  decorationIds: readonly string[];
  marker: InlineMarker | null;
}

/** The zone above one line, its bar, and what it shows (to tell whether an edit changed it). */
interface DrawnZone {
  id: string;
  bar: ZoneBar;
  signature: string;
}

function sameLook(drawn: SegmentLook, segment: SegmentView): boolean {
  return (
    drawn.start === segment.start &&
    drawn.end === segment.end &&
    drawn.topic === segment.topic &&
    drawn.summary === segment.summary &&
    drawn.reviewed === (segment.reviewed === true) &&
    drawn.confidence === segment.confidence
  );
}

export class SegmentLayers {
  /** The segments drawn now, in document order. */
  private drawn: DrawnSegment[] = [];
  /** line number -> the zone above it */
  private zones = new Map<number, DrawnZone>();
  /** The lines whose segments are decorated, and those segments' indices in `drawn`. */
  private windowSpan: LineSpan | null = null;
  private decorated: IndexSpan = { from: 0, to: 0 };
  /** The overview ruler's marks: bucket -> decoration id. Built for each model's line count. */
  private ruler: RulerBuckets | null = null;
  private rulerMarks = new Map<number, string>();
  private lines: LineIndex | null = null;
  /** Whether new zones fill their cells only once first shown (see EAGER_ZONE_LIMIT). */
  private lazyZones = false;
  /** Set while an update runs: the zones it adds scroll the editor, which must not redecorate midway. */
  private updating = false;
  private readonly scrolling: monaco.IDisposable;

  constructor(private readonly editor: Editor) {
    this.scrolling = editor.onDidScrollChange(() => this.followViewport());
  }

  /** How many segments are drawn now (a long first drawing comes in parts: see DocumentView). */
  get drawnCount(): number {
    return this.drawn.length;
  }

  /**
   * Draws `segments` over the current model, changing only what differs from the last call.
   * `whole`: how many segments the whole drawing has, when a first drawing comes in parts.
   */
  update(segments: readonly SegmentView[], lines: LineIndex, whole = segments.length): void {
    this.updating = true;
    this.lazyZones = whole > EAGER_ZONE_LIMIT;
    try {
      this.applyUpdate(segments, lines);
    } finally {
      this.updating = false;
    }
  }

  private applyUpdate(segments: readonly SegmentView[], lines: LineIndex): void {
    this.lines = lines;
    const old = this.drawn;
    const shorter = Math.min(old.length, segments.length);
    let head = 0;
    while (head < shorter && sameLook(old[head]!, segments[head]!)) head++;
    let tail = 0;
    while (tail < shorter - head && sameLook(old[old.length - 1 - tail]!, segments[segments.length - 1 - tail]!)) tail++;
    // Two untouched neighbours would meet with the same tint: redraw the right one too.
    if (head + tail === segments.length && head > 0 && tail > 0 && old[head - 1]!.tint === old[old.length - tail]!.tint) tail--;
    const removed = old.slice(head, old.length - tail);
    const added = segments.slice(head, segments.length - tail);
    if (removed.length === 0 && added.length === 0) return;

    const left = head > 0 ? old[head - 1]!.tint : null;
    const right = tail > 0 ? old[old.length - tail]!.tint : null;
    const tints = tintsBetween(left, right, added.length);
    const drawnNow = added.map(
      (s, i): DrawnSegment => ({ start: s.start, end: s.end, topic: s.topic, summary: s.summary, reviewed: s.reviewed === true, confidence: s.confidence, tint: tints[i]!, decorationIds: [], marker: null }),
    );
    // concat, not splice(...drawnNow): a first drawing of 50,000 segments would overflow the stack.
    this.drawn = old.slice(0, head).concat(drawnNow, old.slice(old.length - tail));

    // The decorated span in the new list's indices: its untouched segments keep their
    // decorations, the removed ones lose theirs, the added ones have none yet.
    const shift = segments.length - old.length;
    const moved = (i: number, end: boolean) => (i < head || (end && i === head) ? i : i >= old.length - tail ? i + shift : end ? head + added.length : head);
    const before: IndexSpan = { from: moved(this.decorated.from, false), to: moved(this.decorated.to, true) };
    this.removeMarkers(removed);
    this.redecorate(
      before,
      removed.flatMap((d) => d.decorationIds),
    );

    const removedLines = removed.map((s) => lines.positionAt(s.start).lineNumber);
    const addedLines = drawnNow.map((s) => lines.positionAt(s.start).lineNumber);
    this.updateRuler(
      removedLines.filter((_, i) => removed[i]!.start > 0),
      addedLines.filter((_, i) => drawnNow[i]!.start > 0),
    );
    this.updateZones(new Set([...removedLines, ...addedLines]), lines);
  }

  /** Forgets everything drawn: the model was replaced (its decorations went with it). */
  reset(): void {
    this.removeMarkers(this.drawn);
    this.drawn = [];
    this.decorated = { from: 0, to: 0 };
    this.windowSpan = null;
    this.ruler = null;
    this.rulerMarks.clear();
    this.lines = null;
    const zoneIds = [...this.zones.values()].map((z) => z.id);
    this.zones.clear();
    this.editor.changeViewZones((accessor) => zoneIds.forEach((id) => accessor.removeZone(id)));
  }

  dispose(): void {
    this.scrolling.dispose();
  }

  /** The viewport moved: moves the window when it comes near the window's edge. */
  private followViewport(): void {
    const lines = this.lines;
    if (this.updating) return;
    const visible = this.visibleLines();
    if (!lines || !visible || !this.windowSpan || windowCovers(this.windowSpan, visible, lines.lineCount)) return;
    this.redecorate(this.decorated, []);
  }

  /** The model lines on screen, or null when the editor shows none (hidden, not laid out). */
  private visibleLines(): LineSpan | null {
    const ranges = this.editor.getVisibleRanges();
    if (ranges.length === 0) return null;
    return { first: ranges[0]!.startLineNumber, last: ranges[ranges.length - 1]!.endLineNumber };
  }

  /**
   * Gives decorations to exactly the segments in the window around the viewport, with one
   * change to the model: those of `previous` (the span decorated so far) outside the window lose
   * theirs, those inside without any get them; `stale` are ids to remove besides.
   */
  private redecorate(previous: IndexSpan, stale: readonly string[]): void {
    const lines = this.lines!;
    const visible = this.visibleLines() ?? this.windowSpan ?? { first: 1, last: Math.min(lines.lineCount, FIRST_SCREEN_LINES) };
    const span = this.windowSpan && visible === this.windowSpan ? visible : windowLines(visible, lines.lineCount);
    this.windowSpan = span;
    const from = lines.offsetAt({ lineNumber: span.first, column: 1 });
    const to = span.last < lines.lineCount ? lines.offsetAt({ lineNumber: span.last + 1, column: 1 }) : Infinity;
    const anchor = lines.offsetAt({ lineNumber: visible.first, column: 1 });
    const drawn = this.drawn;
    const next = segmentsInOffsets(drawn.length, (i) => drawn[i]!.start, from, to, anchor);

    const removeIds = [...stale];
    const leaving: DrawnSegment[] = [];
    for (let i = previous.from; i < previous.to; i++) {
      if (i >= next.from && i < next.to) continue;
      const segment = drawn[i];
      if (!segment || segment.decorationIds.length === 0) continue;
      removeIds.push(...segment.decorationIds);
      segment.decorationIds = [];
      leaving.push(segment);
    }
    const entering: DrawnSegment[] = [];
    for (let i = next.from; i < next.to; i++) if (drawn[i]!.decorationIds.length === 0) entering.push(drawn[i]!);
    this.decorated = next;
    this.removeMarkers(leaving);
    if (removeIds.length === 0 && entering.length === 0) return;
    const specs = entering.flatMap((s) => [tintDecoration(s, s.tint, lines), startDecoration(s, lines)]);
    const ids = this.editor.deltaDecorations(removeIds, specs);
    entering.forEach((s, i) => (s.decorationIds = ids.slice(2 * i, 2 * i + 2)));
    this.addMarkers(entering, lines);
  }

  /** Inline markers for the segments among `segments` that start inside a line. */
  private addMarkers(segments: readonly DrawnSegment[], lines: LineIndex): void {
    const lineHeight = this.editor.getOption(monaco.editor.EditorOption.lineHeight);
    for (const s of segments) {
      const at = lines.positionAt(s.start);
      if (at.column === 1 || s.marker) continue;
      s.marker = new InlineMarker(at, s.start, lookTitle(s), lineHeight);
      this.editor.addContentWidget(s.marker);
    }
  }

  private removeMarkers(segments: readonly DrawnSegment[]): void {
    for (const s of segments) {
      if (!s.marker) continue;
      this.editor.removeContentWidget(s.marker);
      s.marker = null;
    }
  }

  /** Adds and removes the ruler marks of the buckets whose boundaries came or went. */
  private updateRuler(removedLines: readonly number[], addedLines: readonly number[]): void {
    this.ruler ??= new RulerBuckets(this.lines!.lineCount);
    const ruler = this.ruler;
    const { shown, hidden } = ruler.change(removedLines, addedLines);
    if (shown.length === 0 && hidden.length === 0) return;
    const ids = this.editor.deltaDecorations(
      hidden.map((bucket) => this.rulerMarks.get(bucket)!),
      shown.map((bucket) => rulerMark(ruler.markLine(bucket))),
    );
    hidden.forEach((bucket) => this.rulerMarks.delete(bucket));
    shown.forEach((bucket, i) => this.rulerMarks.set(bucket, ids[i]!));
  }

  /**
   * The drawn segment that starts at line `lineNumber`'s first character, as a list of none or
   * one (a zone's cells). Those starting further in are drawn at their character (inline-marker.ts).
   */
  private startingOn(lineNumber: number, lines: LineIndex): DrawnSegment[] {
    const from = lines.offsetAt({ lineNumber, column: 1 });
    const drawn = this.drawn;
    const i = firstStartingFrom(drawn.length, (j) => drawn[j]!.start, from);
    return i < drawn.length && drawn[i]!.start === from ? [drawn[i]!] : [];
  }

  /**
   * Redraws the zones of `touched` lines whose segments changed. A zone whose line still starts
   * segments is relabelled in place; one left without segments moves to a line that gained some
   * (paired in document order: a moved boundary's zone goes with it); only the rest are removed
   * or added. Monaco rebuilds no zone node for a move then, and a relabel does not concern it.
   */
  private updateZones(touched: ReadonlySet<number>, lines: LineIndex): void {
    const vacated: number[] = [];
    const appearing: { lineNumber: number; looks: SegmentLook[]; signature: string }[] = [];
    for (const lineNumber of [...touched].sort((a, b) => a - b)) {
      const looks = this.startingOn(lineNumber, lines);
      const signature = looks.map((l) => `${l.start}:${l.end}:${l.topic ?? ''}`).join('|');
      const zone = this.zones.get(lineNumber);
      if (zone?.signature === signature) continue;
      if (zone && looks.length > 0) {
        zone.bar.relabel(looks);
        zone.signature = signature;
      } else if (zone) vacated.push(lineNumber);
      else if (looks.length > 0) appearing.push({ lineNumber, looks, signature });
    }
    if (vacated.length === 0 && appearing.length === 0) return;
    const moves = Math.min(vacated.length, appearing.length);
    this.editor.changeViewZones((accessor) => {
      for (let i = 0; i < moves; i++) {
        const zone = this.zones.get(vacated[i]!)!;
        const { lineNumber, looks, signature } = appearing[i]!;
        this.zones.delete(vacated[i]!);
        zone.bar.moveTo(lineNumber);
        zone.bar.relabel(looks);
        zone.signature = signature;
        accessor.layoutZone(zone.id);
        this.zones.set(lineNumber, zone);
      }
      for (const lineNumber of vacated.slice(moves)) {
        accessor.removeZone(this.zones.get(lineNumber)!.id);
        this.zones.delete(lineNumber);
      }
      for (const { lineNumber, looks, signature } of appearing.slice(moves)) {
        const bar = new ZoneBar(lineNumber, looks, this.lazyZones);
        this.zones.set(lineNumber, { id: accessor.addZone(bar.zone), bar, signature });
      }
    });
  }
}

/** Literal text inside a Markdown hover: every character Markdown could read as syntax is escaped. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, '\\$&').replace(/\r?\n/g, '  \n');
}

function hoverFor(look: SegmentLook): monaco.IMarkdownString {
  const parts: string[] = [];
  if (look.topic) parts.push(`**${escapeMarkdown(look.topic)}**`);
  if (look.summary) parts.push(escapeMarkdown(look.summary));
  const confidence = look.confidence === undefined ? '' : ` · ${confidenceLabel(look.confidence)}`;
  parts.push(`_${escapeMarkdown(`${sizeLabel(look.end - look.start)}${look.reviewed ? ' · reviewed' : ''}${confidence}`)}_`);
  return { value: parts.join('\n\n'), isTrusted: false, supportThemeIcons: false, supportHtml: false };
}

/** A marker's tooltip: the topic, the size, whether reviewed. */
function lookTitle(look: SegmentLook): string {
  const size = sizeLabel(look.end - look.start);
  return [look.topic, size, look.reviewed ? 'reviewed' : undefined].filter(Boolean).join(' · ');
}

function tintDecoration(look: SegmentLook, tint: Tint, lines: LineIndex): DecorationSpec {
  const r = tintRange(look.start, look.end, lines);
  return {
    // An inline class over the segment's characters: neighbours sharing a line keep their own tints.
    range: new monaco.Range(r.startLineNumber, r.startColumn, r.endLineNumber, r.endColumn),
    options: {
      inlineClassName: TINT_CLASSES[tint],
      // The segment's band in the gutter, on each of its lines: its tint, green once reviewed.
      linesDecorationsClassName: `seg-band seg-band-${tint}${look.reviewed ? ' seg-band-reviewed' : ''}`,
      hoverMessage: hoverFor(look),
      stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges,
    },
  };
}

function startDecoration(look: SegmentLook, lines: LineIndex): DecorationSpec {
  const at = lines.positionAt(look.start);
  const midLine = at.column > 1;
  return {
    range: new monaco.Range(at.lineNumber, at.column, at.lineNumber, at.column),
    options: {
      glyphMarginClassName: (look.reviewed ? 'seg-glyph seg-glyph-reviewed' : 'seg-glyph') + heatClass(look.confidence),
      glyphMarginHoverMessage: hoverFor(look),
      // An empty range's injected text shows only with this.
      showIfCollapsed: midLine,
      // Inside a line: the segment's label chip just before its first character, on that line.
      before: midLine
        ? {
            content: chipText(look.topic, look.end - look.start),
            inlineClassName: look.reviewed ? 'seg-chip seg-chip-reviewed' : 'seg-chip',
            inlineClassNameAffectsLetterSpacing: true,
            cursorStops: monaco.editor.InjectedTextCursorStops.None,
          }
        : undefined,
      stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges,
    },
  };
}

/** One overview-ruler mark: boundaries start on or a little below `lineNumber`. */
function rulerMark(lineNumber: number): DecorationSpec {
  return {
    range: new monaco.Range(lineNumber, 1, lineNumber, 1),
    options: {
      overviewRuler: { color: RULER_COLOUR, position: monaco.editor.OverviewRulerLane.Left },
      stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges,
    },
  };
}
