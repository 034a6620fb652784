/**
 * Opening documents: a picked or dropped file, pasted text, the File menu's pick, or the bundled
 * sample, each through the one show sequence (show-document.ts). Each new document is segmented
 * with the host's default strategy right away, so the outline is never empty; with a workspace
 * open, one the person opened joins it at once (unless that setting is off).
 */
import { supportedFilesMessage, SUPPORTED_EXTENSIONS } from '../../shared/document/source-formats';
import type { OpenedDocument } from '../../shared/ipc/contract';
import { useOpeningStore } from '../stores/opening';
import { readOptionsOf, useUiStore } from '../stores/ui';
import { reportError } from './errors';
import { startRun } from './runs';
import { beginShow, showDocument, type ShowOrigin } from './show-document';
import { workbench } from './workbench';
import { keepUploadedPdf } from './source-pdf';
import { joinWorkspace } from './workspace';
import { errorMessage } from '../../shared/text/error-message';

/** What the readers accept (shared/document/source-formats), so the open button never refuses a file they read. */
export const OPENABLE_EXTENSIONS = SUPPORTED_EXTENSIONS;

export function isOpenable(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return OPENABLE_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

export async function openFile(file: File): Promise<void> {
  if (!isOpenable(file.name)) {
    useUiStore.getState().notify('error', `Cannot open "${file.name}": ${supportedFilesMessage()}.`);
    return;
  }
  // The ticket is taken before the file is read: reading a large file is part of the request.
  await open(`"${file.name}"`, 'person', { joins: true, name: file.name }, async (stillWanted) => {
    let dataBase64: string | null;
    useOpeningStore.getState().report('reading', 0, file.size);
    try {
      dataBase64 = await readAsBase64(file, (done) => stillWanted() && useOpeningStore.getState().report('reading', done, file.size), stillWanted);
    } catch (err) {
      throw new Error(`the file could not be read (${errorMessage(err)})`);
    }
    if (dataBase64 === null) return null;
    useOpeningStore.getState().report('decoding', 0, 0);
    const doc = await workbench().openDocument({ name: file.name, dataBase64, read: readOptionsOf(useUiStore.getState().reading) });
    // The page view renders the file the page already holds: the host keeps no uploaded bytes.
    if (doc.sourceMap) keepUploadedPdf(doc.id, file);
    return doc;
  });
}

export async function openPastedText(text: string, name = 'pasted.txt'): Promise<void> {
  if (text.length === 0) {
    useUiStore.getState().notify('error', 'Nothing to open: the pasted text is empty.');
    return;
  }
  await open('the pasted text', 'person', { joins: true, name }, async (stillWanted) => {
    const dataBase64 = await readAsBase64(new Blob([text], { type: 'text/plain;charset=utf-8' }), () => undefined, stillWanted);
    return dataBase64 === null ? null : workbench().openDocument({ name, dataBase64 });
  });
}

/** The bundled sample: a demo, so it never joins a workspace. The start-up shows it as a restore. */
export async function openSample(origin: ShowOrigin = 'person'): Promise<void> {
  await open('the sample document', origin, { joins: false, name: 'the sample' }, () => workbench().openSample({}));
}

/**
 * Opens the file the desktop app's File › Open Document picked, read as the toolbar's reading
 * settings say (as a file from the Open button is): the pick is named by its id, and `path` serves
 * only to name the file in the progress and in an error.
 */
export async function openPickedDocument(pickId: string, path: string): Promise<void> {
  const name = path.split(/[\\/]/).pop() || path;
  await open(`"${name}"`, 'person', { joins: true, name }, () => workbench().openPicked({ pickId, read: readOptionsOf(useUiStore.getState().reading) }));
}

/**
 * Bytes read per step: a multiple of 3, so the pieces' base64 strings join into the whole's. Each
 * step is one FileReader read (off the main thread) and one progress report.
 */
const READ_STEP_BYTES = 3 * 1024 * 1024;

/**
 * The browser's own encoder (ten times faster than building a binary string in JS), a step at a
 * time so a large file shows how far it is. Null when `stillWanted` turned false meanwhile.
 */
async function readAsBase64(blob: Blob, progress: (done: number) => void, stillWanted: () => boolean): Promise<string | null> {
  const pieces: string[] = [];
  for (let at = 0; at < blob.size || at === 0; at += READ_STEP_BYTES) {
    pieces.push(await readPieceAsBase64(blob.slice(at, at + READ_STEP_BYTES)));
    if (!stillWanted()) return null;
    progress(Math.min(blob.size, at + READ_STEP_BYTES));
  }
  return pieces.length === 1 ? pieces[0]! : pieces.join('');
}

function readPieceAsBase64(blob: Blob): Promise<string> {
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

interface OpenKind {
  /** A document the person opened from outside joins an open workspace. */
  joins: boolean;
  /** What the progress calls it. */
  name: string;
}

async function open(
  what: string,
  origin: ShowOrigin,
  kind: OpenKind,
  call: (stillWanted: () => boolean) => Promise<OpenedDocument | null>,
): Promise<void> {
  const ticket = beginShow(origin);
  if (!ticket) return;
  const opening = useOpeningStore.getState();
  opening.report('decoding', 0, 0, kind.name);
  let doc: OpenedDocument | null;
  try {
    doc = await call(() => ticket.isCurrent());
  } catch (err) {
    // A superseded request's failure is no longer what the person is waiting for.
    if (ticket.isCurrent()) {
      opening.clear();
      reportError(`Could not open ${what}`, err);
    }
    return;
  }
  if (doc === null) return;
  // A superseded document stays open in the service: it may be the very one (same name and
  // text) that a later request was given back, so closing it there could pull it from under that.
  if (!(await showDocument(doc, ticket))) return;
  if (kind.joins && (await joinWorkspace(ticket)) === 'reopened') return;
  if (!ticket.isCurrent()) return;
  // Segmented right away with the host's default (model-free, fast) strategy.
  await startRun(useUiStore.getState().defaultStrategy, { automatic: true });
}
