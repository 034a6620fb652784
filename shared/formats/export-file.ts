/**
 * An export as a file: name, MIME type and content. Made where the writers are, so the renderer
 * exports without a round trip to the services; the service's exportResult uses the same function
 * for other clients.
 */
import type { SegmentationResult } from '../document/types';
import { FORMATS, writeResult, type ExportFormat } from './index';
import { DEFAULT_OFFSET_UNIT, type OffsetUnit } from '../text/offset-units';
import type { WriteLayout } from './write-options';

/** An exported file as the renderer saves it and the service's exportResult returns it. */
export interface ExportedFile {
  fileName: string;
  mimeType: string;
  content: string;
}

/** The formats whose extension alone would be mistaken for another format get their name too. */
const taggedFormats: ReadonlySet<ExportFormat> = new Set(['training', 'wiki727k']);

/** `report.md` + structural + csv -> `report.structural.csv`; training -> `report.structural.training.json`. */
export function exportFileName(documentName: string, strategy: string, format: ExportFormat): string {
  // The last part of a POSIX path, as node:path's basename gives it (shared/ has no node:path).
  const fileName = documentName.replace(/\/+$/, '').split('/').pop() ?? '';
  const base = fileName.replace(/\.[^.]*$/, '') || 'document';
  const safeStrategy = strategy.replace(/[^A-Za-z0-9-]+/g, '-') || 'segmentation';
  const tag = taggedFormats.has(format) ? `.${format}` : '';
  return `${base}.${safeStrategy}${tag}.${FORMATS[format].extension}`;
}

/** Writes `result` (checked against `text` by the writers) as a file of `format`, its offsets in `offsets`, laid out as `layout` asks. */
export function exportFile(
  format: ExportFormat,
  result: SegmentationResult,
  text: string,
  offsets: OffsetUnit = DEFAULT_OFFSET_UNIT,
  layout: WriteLayout = {},
): ExportedFile {
  return {
    fileName: exportFileName(result.document.name, result.strategy, format),
    mimeType: FORMATS[format].mimeType,
    content: writeResult(format, result, text, undefined, offsets, layout),
  };
}
