/** Find's query per document (issue 31, item 8): typed for one document, it stays with that one. */
import { create } from 'zustand';

interface FindQueries {
  /** document id -> the query typed for it */
  queries: ReadonlyMap<string, string>;
  set(documentId: string, query: string): void;
}

export const useFindQueries = create<FindQueries>()((set, get) => ({
  queries: new Map(),
  set: (documentId, query) => {
    const queries = new Map(get().queries);
    if (query) queries.set(documentId, query);
    else queries.delete(documentId);
    set({ queries });
  },
}));
