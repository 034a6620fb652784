/**
 * One answer per document, whichever path decodes it, on a long Markdown page (llama.cpp's
 * function-calling docs): trie = grammar = llama-server, every strategy. The comparison and why
 * this page: real-documents.ts.
 */
import { compareDecodingPaths, MARKDOWN_DOCUMENTS } from './real-documents';

compareDecodingPaths(MARKDOWN_DOCUMENTS);
