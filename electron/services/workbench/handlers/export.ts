import { sameText } from '../../../../shared/document/document-info';
import { assertValidSegmentation } from '../../../../shared/document/segmentation';
import type { SegmentationResult } from '../../../../shared/document/types';
import { FORMATS } from '../../../../shared/formats';
import { exportFileName } from '../../../../shared/formats/export-file';
import { wireErrorCodes } from '../../../../shared/ipc/wire';
import { WorkbenchError } from '../../../../shared/ipc/workbench-error';
import type { HandlerScope, Handlers } from './types';

export function exportHandlers(scope: HandlerScope): Handlers<'exportResult' | 'countTokens'> {
  const { deps, documents } = scope;
  return {
    exportResult: async ({ result, documentId, format, chunks }) => {
      const doc = documents.get(documentId);
      // The segmentation comes from the renderer, possibly hand-edited: it must still cover this
      // exact text before anything is written.
      if (!sameText(result.document, doc.info)) {
        throw new WorkbenchError(wireErrorCodes.coverage, `this segmentation belongs to another text than ${doc.info.name}`);
      }
      assertValidSegmentation(doc.text, result.segmentation);
      const stored: SegmentationResult = { ...result, document: doc.info };
      const content = await deps.writeResult(format, stored, doc.text, chunks);
      return { fileName: exportFileName(doc.info.name, result.strategy, format), mimeType: FORMATS[format].mimeType, content };
    },
    countTokens: async ({ documentId, tokenizer, ranges }) => {
      const { text } = documents.get(documentId);
      // An indexed loop: destructuring 200,000 pairs in this function, run once and never
      // optimised, held the host's loop for 60-80 ms (issue 36, `bench:host-load -- frame`).
      for (let i = 0; i < ranges.length; i++) {
        const start = ranges[i]![0];
        const end = ranges[i]![1];
        if (start > end || end > text.length) throw new WorkbenchError(wireErrorCodes.badInput, `range ${start}-${end} is outside the ${text.length}-character text`);
      }
      return { counts: await deps.countTokens(tokenizer, text, ranges) };
    },
  };
}
