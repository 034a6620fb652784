/**
 * The bar in a boundary's view zone: each segment starting on that line, with its topic and size
 * (segment-layers.ts says what the zones are for). A bar keeps its node and its zone for as long
 * as its line starts segments: an edit relabels it, or moves it to the line its boundary went to,
 * instead of removing one zone and adding another, which costs Monaco a rebuilt zone node and the
 * browser its layout (bench:ui's move frame).
 */
import type { monaco } from './monaco';
import { sizeLabel } from '../size-label';

const ZONE_HEIGHT_PX = 22;
/** Monaco hands zones off screen a top of about -1,000,000 px; shown ones are near 0. */
const HIDDEN_ZONE_TOP = -500_000;

/** What a bar shows of a segment. */
export interface BarLook {
  start: number;
  end: number;
  topic: string | undefined;
}

export class ZoneBar {
  /** The zone handed to Monaco; it keeps this object and reads its line again on layoutZone. */
  readonly zone: monaco.editor.IViewZone;
  private looks: readonly BarLook[];
  private filled: boolean;

  /**
   * `lazy`: the cells are built when Monaco first shows the zone (it calls onDomNodeTop for every
   * zone on every frame); otherwise now, so the DOM holds every boundary's cell.
   */
  constructor(lineNumber: number, looks: readonly BarLook[], lazy: boolean) {
    // Monaco sets the zone node's own display and size; the layout lives in the bar inside it.
    const domNode = document.createElement('div');
    this.looks = looks;
    this.filled = !lazy;
    if (!lazy) domNode.append(barNode(looks));
    this.zone = {
      afterLineNumber: lineNumber - 1,
      heightInPx: ZONE_HEIGHT_PX,
      domNode,
      suppressMouseDown: true,
      ...(lazy ? { onDomNodeTop: (top: number) => this.fillWhenShown(top) } : {}),
    };
  }

  /** Shows other segments: now if the cells were built, else when they first are. */
  relabel(looks: readonly BarLook[]): void {
    this.looks = looks;
    if (this.filled) this.zone.domNode.replaceChildren(barNode(looks));
  }

  /** Puts the zone above another line; Monaco reads it on the caller's layoutZone. */
  moveTo(lineNumber: number): void {
    this.zone.afterLineNumber = lineNumber - 1;
  }

  private fillWhenShown(top: number): void {
    if (this.filled || top < HIDDEN_ZONE_TOP) return;
    this.filled = true;
    this.zone.domNode.append(barNode(this.looks));
  }
}

function barNode(looks: readonly BarLook[]): HTMLElement {
  const bar = document.createElement('div');
  bar.className = looks[0]!.start === 0 ? 'seg-zone seg-zone-first' : 'seg-zone';
  for (const look of looks) bar.append(zoneCell(look));
  return bar;
}

/** One segment's part of its line's zone: its topic and size. */
function zoneCell(look: BarLook): HTMLElement {
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
