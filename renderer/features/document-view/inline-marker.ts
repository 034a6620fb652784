/**
 * A boundary that falls inside a line, drawn at its character (issue 31, item 1): a Monaco
 * content widget placed exactly at the boundary's character, right of the segment's label chip
 * (injected text before that character, see `chipText`), a bar one line tall. The line keeps its
 * words on both sides of the bar; no rule is drawn above it (that zone is for boundaries at a
 * line's start only, zone-bar.ts).
 *
 * The widget's node carries `data-testid="boundary"` and `data-offset`, as the zone cells do, so
 * a test finds every boundary drawn, wherever it is drawn. Widgets exist for the segments near
 * the viewport only, with their decorations (layer-window.ts).
 */
import { monaco } from './monaco';
import { sizeLabel } from '../size-label';

let nextId = 0;
/** Longest topic shown whole in a chip; longer ones end in an ellipsis (the hover has it all). */
const CHIP_TOPIC_CHARS = 28;
const MARKER_WIDTH_PX = 2;

/** What a mid-line chip says: the segment's topic, or else its size. */
export function chipText(topic: string | undefined, chars: number): string {
  const label = topic ? (topic.length > CHIP_TOPIC_CHARS ? `${topic.slice(0, CHIP_TOPIC_CHARS - 1)}…` : topic) : sizeLabel(chars);
  // No-break spaces: the chip never wraps inside itself, and keeps a gap from the words around it.
  return `\u00a0${label.replace(/ /g, '\u00a0')}\u00a0`;
}

export class InlineMarker implements monaco.editor.IContentWidget {
  readonly allowEditorOverflow = false;
  readonly suppressMouseDown = true;
  private readonly id = `seg-inline-marker-${nextId++}`;
  private readonly node: HTMLElement;

  constructor(
    private readonly position: monaco.IPosition,
    offset: number,
    title: string,
    private readonly lineHeight: number,
  ) {
    this.node = document.createElement('div');
    this.node.className = 'seg-inline-marker';
    this.node.dataset.testid = 'boundary';
    this.node.dataset.offset = String(offset);
    this.node.title = title;
    this.node.style.height = `${lineHeight}px`;
  }

  getId(): string {
    return this.id;
  }

  getDomNode(): HTMLElement {
    return this.node;
  }

  getPosition(): monaco.editor.IContentWidgetPosition {
    return {
      position: this.position,
      preference: [monaco.editor.ContentWidgetPositionPreference.EXACT],
      // After the chip, so the bar touches the boundary's own character (Monaco's view model moves
      // a position past injected text at its column for Right only, not RightOfInjectedText).
      positionAffinity: monaco.editor.PositionAffinity.Right,
    };
  }

  /** Its size, known without measuring (Monaco would otherwise read the node's box: a forced layout). */
  beforeRender(): monaco.editor.IDimension {
    return { width: MARKER_WIDTH_PX, height: this.lineHeight };
  }
}
