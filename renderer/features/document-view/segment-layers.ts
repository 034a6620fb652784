/**
 * Draws a segmentation over the Monaco document:
 * - an alternating whole-line tint per segment, whose hover shows the topic and summary;
 * - a glyph-margin marker and an overview-ruler tick at each segment start, and a thin vertical
 *   bar where a boundary falls inside a line;
 * - a view zone above each line where segments start: the boundary line with each segment's
 *   topic and size. Several segments starting in one (wrapped) line share that line's zone, split
 *   into cells in document order, instead of stacking one bar per boundary. Each cell carries
 *   `data-testid="boundary"` and `data-offset` (the first segment's is `document-start`). Monaco
 *   keeps every zone's DOM node attached and only hides off-screen ones, so the markers in the DOM
 *   are exactly the boundaries, one each.
 *
 * Updates are keyed diffs: moving one boundary touches only the two segments around it, so an
 * edit costs little even with 5,000 segments. A split or merge shifts the alternation of every
 * later segment and so repaints their tints (zones and markers stay).
 */
import { sizeLabel, type SegmentView } from '../../stores/segments';
import type { LineIndex } from './line-index';
import { monaco } from './monaco';

type Editor = monaco.editor.ICodeEditor;
type DecorationSpec = monaco.editor.IModelDeltaDecoration;

const ZONE_HEIGHT_PX = 22;

/** The zone above one line: the segments that start in it, in document order. */
interface LineZone {
  lineNumber: number;
  looks: SegmentLook[];
}

interface SegmentLook {
  index: number;
  start: number;
  end: number;
  topic: string | undefined;
  summary: string | undefined;
  head: string;
  reviewed: boolean;
}

export class SegmentLayers {
  /** decoration key -> Monaco decoration id */
  private decorations = new Map<string, string>();
  /** zone key -> Monaco view zone id */
  private zones = new Map<string, string>();

  constructor(private readonly editor: Editor) {}

  /** Draws `segments` over the current model, changing only what differs from the last call. */
  update(segments: readonly SegmentView[], lines: LineIndex): void {
    const wantedDecorations = new Map<string, SegmentLook>();
    const zoneLines = new Map<number, SegmentLook[]>();
    for (const s of segments) {
      const look: SegmentLook = {
        index: s.index,
        start: s.start,
        end: s.end,
        topic: s.topic,
        summary: s.summary,
        head: s.head,
        reviewed: s.reviewed === true,
      };
      const noteKey = `${look.topic ?? ''}\u0000${look.summary ?? ''}\u0000${look.reviewed}`;
      wantedDecorations.set(`t${s.index % 2}:${s.start}:${s.end}:${noteKey}`, look);
      wantedDecorations.set(`m${s.index === 0 ? 0 : 1}:${s.start}:${s.end}:${noteKey}`, look);
      const { lineNumber } = lines.positionAt(s.start);
      const onLine = zoneLines.get(lineNumber);
      if (onLine) onLine.push(look);
      else zoneLines.set(lineNumber, [look]);
    }
    const wantedZones = new Map<string, LineZone>();
    for (const [lineNumber, looks] of zoneLines) {
      const key = `${lineNumber}:${looks.map((l) => `${l.index === 0 ? 0 : 1}:${l.start}:${l.end}:${l.topic ?? ''}`).join('|')}`;
      wantedZones.set(key, { lineNumber, looks });
    }
    this.updateDecorations(wantedDecorations, lines);
    this.updateZones(wantedZones);
  }

  /** Forgets everything drawn: the model was replaced (its decorations went with it). */
  reset(): void {
    this.decorations.clear();
    const zoneIds = [...this.zones.values()];
    this.zones.clear();
    this.editor.changeViewZones((accessor) => zoneIds.forEach((id) => accessor.removeZone(id)));
  }

  private updateDecorations(wanted: Map<string, SegmentLook>, lines: LineIndex): void {
    const removedIds: string[] = [];
    for (const [key, id] of this.decorations) {
      if (!wanted.has(key)) {
        removedIds.push(id);
        this.decorations.delete(key);
      }
    }
    const addedKeys: string[] = [];
    const added: DecorationSpec[] = [];
    for (const [key, look] of wanted) {
      if (this.decorations.has(key)) continue;
      addedKeys.push(key);
      added.push(key.startsWith('t') ? tintDecoration(look, lines) : startDecoration(look, lines));
    }
    if (removedIds.length === 0 && added.length === 0) return;
    const ids = this.editor.deltaDecorations(removedIds, added);
    addedKeys.forEach((key, i) => this.decorations.set(key, ids[i]!));
  }

  private updateZones(wanted: Map<string, LineZone>): void {
    const removed: string[] = [];
    for (const [key, id] of this.zones) {
      if (!wanted.has(key)) {
        removed.push(id);
        this.zones.delete(key);
      }
    }
    const added = [...wanted].filter(([key]) => !this.zones.has(key));
    if (removed.length === 0 && added.length === 0) return;
    this.editor.changeViewZones((accessor) => {
      for (const id of removed) accessor.removeZone(id);
      for (const [key, zone] of added) {
        const id = accessor.addZone({
          afterLineNumber: zone.lineNumber - 1,
          heightInPx: ZONE_HEIGHT_PX,
          domNode: zoneNode(zone.looks),
          suppressMouseDown: true,
        });
        this.zones.set(key, id);
      }
    });
  }
}

function zoneNode(looks: readonly SegmentLook[]): HTMLElement {
  // Monaco sets the zone node's own display and size; the layout lives in an inner element.
  const node = document.createElement('div');
  const bar = document.createElement('div');
  bar.className = looks[0]!.index === 0 ? 'seg-zone seg-zone-first' : 'seg-zone';
  for (const look of looks) bar.append(zoneCell(look));
  node.append(bar);
  return node;
}

/** One segment's part of its line's zone: its topic and size. */
function zoneCell(look: SegmentLook): HTMLElement {
  const cell = document.createElement('div');
  cell.className = 'seg-zone-cell';
  cell.dataset.testid = look.index > 0 ? 'boundary' : 'document-start';
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

function tintDecoration(look: SegmentLook, lines: LineIndex): DecorationSpec {
  const first = lines.positionAt(look.start);
  const afterLast = lines.positionAt(look.end);
  // A segment that ends where a line starts does not reach into that line.
  const lastLine = afterLast.column === 1 && afterLast.lineNumber > first.lineNumber ? afterLast.lineNumber - 1 : afterLast.lineNumber;
  return {
    // Up to the end of the last line: Monaco shows a decoration's hover only inside its range.
    range: new monaco.Range(first.lineNumber, 1, lastLine, lines.lineEndColumn(lastLine)),
    options: {
      isWholeLine: true,
      className: look.index % 2 === 0 ? 'seg-tint-even' : 'seg-tint-odd',
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
      overviewRuler: look.index > 0 ? { color: 'rgba(47, 98, 201, 0.6)', position: monaco.editor.OverviewRulerLane.Left } : undefined,
      stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges,
    },
  };
}
