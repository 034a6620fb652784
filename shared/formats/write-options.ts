/**
 * How a file is laid out beyond its offsets: choices that change the bytes people read, never what
 * a reader gives back. Formats without a place for a choice ignore it.
 */
export interface WriteLayout {
  /**
   * Markdown: each segment's topic as a `## ` heading above its text. Off by default: a heading
   * that is not in the document changes how the file renders and how tools that split Markdown on
   * headings cut it; the segment marker carries the topic either way.
   */
  topicHeadings?: boolean;
}
