/**
 * One answer per document, whichever path decodes it, on a book chapter and on German and Chinese
 * text: trie = grammar = llama-server, every strategy. The comparison: real-documents.ts.
 */
import { compareDecodingPaths, PROSE_DOCUMENTS } from './real-documents';

compareDecodingPaths(PROSE_DOCUMENTS);
