/**
 * The ATX headings (`# Title` ... `###### Title`) of a reader's Markdown, outside fenced code:
 * what the reader report counts and the readers bench locates.
 */

export interface MarkdownHeading {
  level: number;
  text: string;
  /** Offset of the line's first character. */
  offset: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$/;

export function markdownHeadings(text: string): MarkdownHeading[] {
  const headings: MarkdownHeading[] = [];
  let fence: string | null = null;
  let offset = 0;
  for (const line of text.split('\n')) {
    const open = FENCE.exec(line);
    if (fence !== null) {
      if (open && open[1]!.charAt(0) === fence.charAt(0) && open[1]!.length >= fence.length && line.trim() === open[1]) fence = null;
    } else if (open) {
      fence = open[1]!;
    } else {
      const atx = ATX.exec(line.replace(/\r$/, ''));
      if (atx && atx[2]) headings.push({ level: atx[1]!.length, text: atx[2], offset });
    }
    offset += line.length + 1;
  }
  return headings;
}

export function countHeadings(text: string): number {
  return markdownHeadings(text).length;
}
