import path from 'node:path';
import { assertValidSegmentation } from '../../../../shared/document/segmentation';
import type { SegmentationResult } from '../../../../shared/document/types';
import type { ExportFormat } from '../../../../shared/ipc/contract';
import { wireErrorCodes } from '../../../../shared/ipc/wire';
import { WorkbenchError } from '../errors';
import type { HandlerScope, Handlers } from './types';

const fileKinds: Record<ExportFormat, { suffix: string; mimeType: string }> = {
  json: { suffix: '.json', mimeType: 'application/json' },
  jsonl: { suffix: '.jsonl', mimeType: 'application/x-ndjson' },
  markdown: { suffix: '.md', mimeType: 'text/markdown' },
  csv: { suffix: '.csv', mimeType: 'text/csv' },
  training: { suffix: '.training.json', mimeType: 'application/json' },
  wiki727k: { suffix: '.wiki727k.txt', mimeType: 'text/plain' },
};

/** `report.md` + structural + csv -> `report.structural.csv`. */
export function exportFileName(documentName: string, strategy: string, format: ExportFormat): string {
  const base = path.basename(documentName).replace(/\.[^.]*$/, '') || 'document';
  const safeStrategy = strategy.replace(/[^A-Za-z0-9-]+/g, '-') || 'segmentation';
  return `${base}.${safeStrategy}${fileKinds[format].suffix}`;
}

export function exportHandlers(scope: HandlerScope): Handlers<'exportResult'> {
  const { deps, documents } = scope;
  return {
    exportResult: async ({ result, documentId, format }) => {
      const doc = documents.get(documentId);
      // The segmentation comes from the renderer, possibly hand-edited: it must still cover this
      // exact text before anything is written.
      if (result.document.sha256 !== doc.info.sha256 || result.document.chars !== doc.info.chars) {
        throw new WorkbenchError(wireErrorCodes.coverage, `this segmentation belongs to another text than ${doc.info.name}`);
      }
      assertValidSegmentation(doc.text, result.segmentation);
      const stored: SegmentationResult = { ...result, document: doc.info };
      const content = await deps.writeResult(format, stored, doc.text);
      return { fileName: exportFileName(doc.info.name, result.strategy, format), mimeType: fileKinds[format].mimeType, content };
    },
  };
}
