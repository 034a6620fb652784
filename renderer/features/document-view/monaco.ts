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
import { languageOf } from '../../../shared/document/source-formats';
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

/** The Monaco language for a document read by this reader: its declaration says (shared/document/source-formats). */
export const languageFor = languageOf;
