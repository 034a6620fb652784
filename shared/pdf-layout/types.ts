/**
 * Positioned text as a PDF gives it (pdf.js text items), and the lines rebuilt from it. The
 * layout rules (lines, columns, running headers, headings, paragraphs) are pure functions over
 * these, so each can be tested on a handful of items. Coordinates are PDF user space: x grows to
 * the right, y (the baseline) grows upwards.
 */

export interface PdfItem {
  str: string;
  x: number;
  /** Baseline. */
  y: number;
  width: number;
  /** Font size (the item's height). */
  height: number;
  /** The font is a bold face (its name says Bold, Black, Heavy or Semibold). */
  bold: boolean;
}

export interface PdfPageItems {
  width: number;
  height: number;
  items: PdfItem[];
}

export interface PdfLine {
  text: string;
  x: number;
  right: number;
  y: number;
  /** The size most of the line's characters have. */
  size: number;
  bold: boolean;
  /** 0-based page index and column (0 or 1) the line is in. */
  page: number;
  column: number;
}
