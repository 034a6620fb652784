import path from 'node:path';
import { sameText } from '../../../../shared/document/document-info';
import { assertValidSegmentation } from '../../../../shared/document/segmentation';
import type { SegmentationResult } from '../../../../shared/document/types';
import { FORMATS } from '../../../../shared/formats';
import type { ExportFormat } from '../../../../shared/ipc/contract';
import { wireErrorCodes } from '../../../../shared/ipc/wire';
import { WorkbenchError } from '../errors';
import type { HandlerScope, Handlers } from './types';

/** The formats whose extension alone would be mistaken for another format get their name too. */
const taggedFormats: ReadonlySet<ExportFormat> = new Set(['training', 'wiki727k']);

/** `report.md` + structural + csv -> `report.structural.csv`; training -> `report.structural.training.json`. */
export function exportFileName(documentName: string, strategy: string, format: ExportFormat): string {
  const base = path.basename(documentName).replace(/\.[^.]*$/, '') || 'document';
  const safeStrategy = strategy.replace(/[^A-Za-z0-9-]+/g, '-') || 'segmentation';
  const tag = taggedFormats.has(format) ? `.${format}` : '';
  return `${base}.${safeStrategy}${tag}.${FORMATS[format].extension}`;
}

export function exportHandlers(scope: HandlerScope): Handlers<'exportResult'> {
  const { deps, documents } = scope;
  return {
    exportResult: async ({ result, documentId, format }) => {
      const doc = documents.get(documentId);
      // The segmentation comes from the renderer, possibly hand-edited: it must still cover this
      // exact text before anything is written.
      if (!sameText(result.document, doc.info)) {
        throw new WorkbenchError(wireErrorCodes.coverage, `this segmentation belongs to another text than ${doc.info.name}`);
      }
      assertValidSegmentation(doc.text, result.segmentation);
      const stored: SegmentationResult = { ...result, document: doc.info };
      const content = await deps.writeResult(format, stored, doc.text);
      return { fileName: exportFileName(doc.info.name, result.strategy, format), mimeType: FORMATS[format].mimeType, content };
    },
  };
}
