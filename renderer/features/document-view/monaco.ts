/**
 * Monaco, trimmed to what a read-only document view needs: the core editor, hover (summaries),
 * find, copy and the context menu, plus Markdown colouring. Everything is bundled by vite from
 * node_modules; the editor worker comes in through `?worker`.
 */
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api';
import 'monaco-editor/esm/vs/editor/contrib/hover/browser/hoverContribution';
import 'monaco-editor/esm/vs/editor/contrib/find/browser/findController';
import 'monaco-editor/esm/vs/editor/contrib/clipboard/browser/clipboard.js';
import 'monaco-editor/esm/vs/editor/contrib/contextmenu/browser/contextmenu.js';
import 'monaco-editor/esm/vs/editor/contrib/wordOperations/browser/wordOperations.js';
import 'monaco-editor/esm/vs/editor/common/standaloneStrings.js';
import 'monaco-editor/esm/vs/base/browser/ui/codicons/codiconStyles.js';
import 'monaco-editor/esm/vs/basic-languages/markdown/markdown.contribution';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker?worker';

self.MonacoEnvironment = { getWorker: () => new EditorWorker() };

monaco.editor.defineTheme('workbench-light', {
  base: 'vs',
  inherit: true,
  rules: [],
  colors: {
    'editor.background': '#ffffff',
    'editorLineNumber.foreground': '#9aa3ae',
    'editorGutter.background': '#f7f8fa',
  },
});

export { monaco };

/** The Monaco language for a document read by this reader (txt, md, html, pdf, docx): Markdown unless it was read as plain text. */
export function languageFor(sourceFormat: string | null, output: 'markdown' | 'plain' | undefined): string {
  return output === 'plain' || (sourceFormat !== 'md' && !MARKDOWN_READERS.has(sourceFormat ?? '')) ? 'plaintext' : 'markdown';
}

/** The readers that write Markdown unless asked for plain text (electron/readers). */
const MARKDOWN_READERS = new Set(['html', 'pdf', 'docx']);
