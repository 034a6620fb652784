/**
 * Draws a segmentation over the Monaco document:
 * - a whole-line tint per segment, neighbours always in different tints (see tint-colours.ts),
 *   whose hover shows the topic and summary;
 * - a glyph-margin marker and an overview-ruler tick at each segment start, and a thin vertical
 *   bar where a boundary falls inside a line;
 * - a view zone above each line where segments start: the boundary line with each segment's
 *   topic and size. Several segments starting in one (wrapped) line share that line's zone, split
 *   into cells in document order, instead of stacking one bar per boundary. Each cell carries
 *   `data-testid="boundary"` and `data-offset` (the first segment's is `document-start`). Monaco
 *   keeps every zone's DOM node attached and only hides off-screen ones, so the markers in the DOM
 *   are exactly the boundaries, one each.
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
import { sizeLabel } from '../size-label';
import type { SegmentView } from '../../stores/session/select-segments';

type Editor = monaco.editor.ICodeEditor;
type DecorationSpec = monaco.editor.IModelDeltaDecoration;

const ZONE_HEIGHT_PX = 22;
const TINT_CLASSES = ['seg-tint-even', 'seg-tint-odd', 'seg-tint-third'] as const;

/** What a segment looks like on screen: everything its decorations and zone cell show. */
interface SegmentLook {
  start: number;
  end: number;
  topic: string | undefined;
  summary: string | undefined;
  reviewed: boolean;
}

/** A segment as drawn: its look, its tint and its two decorations (tint, start marker). */
interface DrawnSegment extends SegmentLook {
  tint: Tint;
  decorationIds: readonly string[];
}

/** The zone above one line and what it shows (to tell whether an edit changed it). */
interface DrawnZone {
  id: string;
  signature: string;
}

function sameLook(drawn: SegmentLook, segment: SegmentView): boolean {
  return (
    drawn.start === segment.start &&
    drawn.end === segment.end &&
    drawn.topic === segment.topic &&
    drawn.summary === segment.summary &&
    drawn.reviewed === (segment.reviewed === true)
  );
}

export class SegmentLayers {
  /** The segments drawn now, in document order. */
  private drawn: DrawnSegment[] = [];
  /** line number -> the zone above it */
  private zones = new Map<number, DrawnZone>();

  constructor(private readonly editor: Editor) {}

  /** How many segments are drawn now (a long first drawing comes in parts: see DocumentView). */
  get drawnCount(): number {
    return this.drawn.length;
  }

  /** Draws `segments` over the current model, changing only what differs from the last call. */
  update(segments: readonly SegmentView[], lines: LineIndex): void {
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
    const looks = added.map((s): SegmentLook => ({ start: s.start, end: s.end, topic: s.topic, summary: s.summary, reviewed: s.reviewed === true }));
    const specs = looks.flatMap((look, i) => [tintDecoration(look, tints[i]!, lines), startDecoration(look, lines)]);
    const ids = this.editor.deltaDecorations(
      removed.flatMap((d) => d.decorationIds),
      specs,
    );
    const drawnNow = looks.map((look, i): DrawnSegment => ({ ...look, tint: tints[i]!, decorationIds: ids.slice(2 * i, 2 * i + 2) }));
    // concat, not splice(...drawnNow): a first drawing of 50,000 segments would overflow the stack.
    this.drawn = old.slice(0, head).concat(drawnNow, old.slice(old.length - tail));

    const touchedLines = new Set<number>();
    for (const s of [...removed, ...looks]) touchedLines.add(lines.positionAt(s.start).lineNumber);
    this.updateZones(touchedLines, lines);
  }

  /** Forgets everything drawn: the model was replaced (its decorations went with it). */
  reset(): void {
    this.drawn = [];
    const zoneIds = [...this.zones.values()].map((z) => z.id);
    this.zones.clear();
    this.editor.changeViewZones((accessor) => zoneIds.forEach((id) => accessor.removeZone(id)));
  }

  /** The drawn segments that start on line `lineNumber`, in order. */
  private startingOn(lineNumber: number, lines: LineIndex): DrawnSegment[] {
    const from = lines.offsetAt({ lineNumber, column: 1 });
    const to = lineNumber < lines.lineCount ? lines.offsetAt({ lineNumber: lineNumber + 1, column: 1 }) : Infinity;
    const found: DrawnSegment[] = [];
    for (let i = firstStartingFrom(this.drawn, from); i < this.drawn.length && this.drawn[i]!.start < to; i++) found.push(this.drawn[i]!);
    return found;
  }

  /** Redraws the zones of `touched` lines whose segments changed. */
  private updateZones(touched: ReadonlySet<number>, lines: LineIndex): void {
    const changes: { lineNumber: number; looks: SegmentLook[]; signature: string }[] = [];
    for (const lineNumber of touched) {
      const looks = this.startingOn(lineNumber, lines);
      const signature = looks.map((l) => `${l.start}:${l.end}:${l.topic ?? ''}`).join('|');
      if (this.zones.get(lineNumber)?.signature !== signature) changes.push({ lineNumber, looks, signature });
    }
    if (changes.length === 0) return;
    this.editor.changeViewZones((accessor) => {
      for (const { lineNumber, looks, signature } of changes) {
        const previous = this.zones.get(lineNumber);
        if (previous) accessor.removeZone(previous.id);
        this.zones.delete(lineNumber);
        if (looks.length === 0) continue;
        const id = accessor.addZone({
          afterLineNumber: lineNumber - 1,
          heightInPx: ZONE_HEIGHT_PX,
          domNode: zoneNode(looks),
          suppressMouseDown: true,
        });
        this.zones.set(lineNumber, { id, signature });
      }
    });
  }
}

/** Index of the first drawn segment starting at or after `offset` (binary search). */
function firstStartingFrom(drawn: readonly SegmentLook[], offset: number): number {
  let lo = 0;
  let hi = drawn.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (drawn[mid]!.start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function zoneNode(looks: readonly SegmentLook[]): HTMLElement {
  // Monaco sets the zone node's own display and size; the layout lives in an inner element.
  const node = document.createElement('div');
  const bar = document.createElement('div');
  bar.className = looks[0]!.start === 0 ? 'seg-zone seg-zone-first' : 'seg-zone';
  for (const look of looks) bar.append(zoneCell(look));
  node.append(bar);
  return node;
}

/** One segment's part of its line's zone: its topic and size. */
function zoneCell(look: SegmentLook): HTMLElement {
  const cell = document.createElement('div');
  cell.className = 'seg-zone-cell';
  cell.dataset.testid = look.start > 0 ? 'boundary' : 'document-start';
  cell.dataset.offset = String(look.start);
  const sizeText = sizeLabel(look.end - look.start);
  cell.title = look.topic ? `${look.topic} · ${sizeText}` : sizeText;
  const label = document.createElement('span');
  label.className = 'seg-zone-topic';
  // Without a topic the line below already shows how the segment starts.
  label.textContent = look.topic ?? '';
  const size = document.createElement('span');
  size.className = 'seg-zone-size';
  size.textContent = sizeText;
  cell.append(label, size);
  return cell;
}

/** Literal text inside a Markdown hover: every character Markdown could read as syntax is escaped. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, '\\$&').replace(/\r?\n/g, '  \n');
}

function hoverFor(look: SegmentLook): monaco.IMarkdownString {
  const parts: string[] = [];
  if (look.topic) parts.push(`**${escapeMarkdown(look.topic)}**`);
  if (look.summary) parts.push(escapeMarkdown(look.summary));
  parts.push(`_${escapeMarkdown(`${sizeLabel(look.end - look.start)}${look.reviewed ? ' · reviewed' : ''}`)}_`);
  return { value: parts.join('\n\n'), isTrusted: false, supportThemeIcons: false, supportHtml: false };
}

function tintDecoration(look: SegmentLook, tint: Tint, lines: LineIndex): DecorationSpec {
  const first = lines.positionAt(look.start);
  const afterLast = lines.positionAt(look.end);
  // A segment that ends where a line starts does not reach into that line.
  const lastLine = afterLast.column === 1 && afterLast.lineNumber > first.lineNumber ? afterLast.lineNumber - 1 : afterLast.lineNumber;
  return {
    // Up to the end of the last line: Monaco shows a decoration's hover only inside its range.
    range: new monaco.Range(first.lineNumber, 1, lastLine, lines.lineEndColumn(lastLine)),
    options: {
      isWholeLine: true,
      className: TINT_CLASSES[tint],
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
      glyphMarginClassName: look.reviewed ? 'seg-glyph seg-glyph-reviewed' : 'seg-glyph',
      glyphMarginHoverMessage: hoverFor(look),
      beforeContentClassName: midLine ? 'seg-inline-boundary' : undefined,
      overviewRuler: look.start > 0 ? { color: 'rgba(47, 98, 201, 0.6)', position: monaco.editor.OverviewRulerLane.Left } : undefined,
      stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges,
    },
  };
}
