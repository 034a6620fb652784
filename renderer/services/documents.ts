/**
 * Opening documents: a picked or dropped file, pasted text, or the bundled sample. Each new
 * document is segmented with the host's default strategy right away, so the outline is never
 * empty.
 */
import { SUPPORTED_EXTENSIONS } from '../../shared/document/source-formats';
import type { OpenedDocument } from '../../shared/ipc/contract';
import { useDocumentStore } from '../stores/document';
import { isRunActive, useRunStore } from '../stores/run';
import { useSegmentationStore } from '../stores/segmentation';
import { useUiStore } from '../stores/ui';
import { reportError } from './errors';
import { cancelRun, startRun } from './runs';
import { workbench } from './workbench';

/** What the readers accept (shared/document/source-formats), so the open button never refuses a file they read. */
export const OPENABLE_EXTENSIONS = SUPPORTED_EXTENSIONS;

export function isOpenable(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return OPENABLE_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

export async function openFile(file: File): Promise<void> {
  if (!isOpenable(file.name)) {
    useUiStore
      .getState()
      .notify('error', `Cannot open "${file.name}": supported files are .txt, .md, .html, .pdf and .docx.`);
    return;
  }
  let dataBase64: string;
  try {
    dataBase64 = await readAsBase64(file);
  } catch (err) {
    reportError(`Could not read "${file.name}"`, err);
    return;
  }
  await open(`"${file.name}"`, () => workbench().openDocument({ name: file.name, dataBase64 }));
}

export async function openPastedText(text: string, name = 'pasted.txt'): Promise<void> {
  if (text.length === 0) {
    useUiStore.getState().notify('error', 'Nothing to open: the pasted text is empty.');
    return;
  }
  const dataBase64 = await readAsBase64(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  await open('the pasted text', () => workbench().openDocument({ name, dataBase64 }));
}

export async function openSample(): Promise<void> {
  await open('the sample document', () => workbench().openSample({}));
}

/** Shows a document the services already opened (the desktop app's File > Open). */
export async function showOpenedDocument(documentId: string): Promise<void> {
  await open('the document', () => workbench().getDocument({ documentId }));
}

/** The browser's own encoder: ten times faster than building a binary string in JS for 5 MB. */
function readAsBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** Puts an opened document on screen with no results yet (the workspace then loads its saved ones). */
export async function showDocument(doc: OpenedDocument): Promise<void> {
  // The run in flight belongs to the old document: stop it and stop listening to it.
  if (isRunActive(useRunStore.getState().status)) await cancelRun();
  useRunStore.getState().reset();
  useSegmentationStore.getState().resetForDocument(doc.id, doc.text);
  useDocumentStore.getState().setDocument(doc);
  useUiStore.getState().setCurrentSegment(0);
}

async function open(what: string, call: () => Promise<OpenedDocument>): Promise<void> {
  let doc: OpenedDocument;
  try {
    doc = await call();
  } catch (err) {
    reportError(`Could not open ${what}`, err);
    return;
  }
  await showDocument(doc);
  // Segmented right away with the host's default (model-free, fast) strategy.
  await startRun(useUiStore.getState().defaultStrategy);
}
