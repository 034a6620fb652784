/** The document slice: the open document, and showing another one (which starts every other slice afresh). */
import { NO_CORRECTIONS_LINK } from './corrections';
import { IDLE_RUN } from './run';
import type { DocumentSlice, SessionGet, SessionSet } from './types';

export function createDocumentSlice(set: SessionSet, get: SessionGet): DocumentSlice {
  return {
    documentId: null,
    info: null,
    text: '',
    sourceFormat: null,
    reader: null,
    sourceMap: null,
    showDocument: (doc) =>
      set({
        documentId: doc.id,
        info: doc.info,
        text: doc.text,
        sourceFormat: doc.sourceFormat,
        reader: doc.reader ?? null,
        sourceMap: doc.sourceMap ?? null,
        current: null,
        kept: [],
        history: null,
        lastChange: null,
        run: IDLE_RUN,
        ...NO_CORRECTIONS_LINK,
        // Nothing edited yet: whatever the revision is now counts as kept.
        keptRevision: get().revision,
      }),
  };
}
