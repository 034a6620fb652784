/** Exporting the current result with the shared writers (here, or in the service for retrieval extras), then saving it as a download. */
import { addsNothing } from '../../shared/chunks';
import type { SegmentationResult } from '../../shared/document/types';
import { FORMAT_NAMES, FORMATS } from '../../shared/formats';
import { exportFile } from '../../shared/formats/export-file';
import type { ExportFormat, ExportedFile } from '../../shared/ipc/contract';
import { chunkOptionsOf, useExportForm } from '../stores/export-form';
import { useSession } from '../stores/session';
import { useUiStore } from '../stores/ui';
import { reportError } from './errors';
import { workbench } from './workbench';

/** The Export panel's choices: every declared format (shared/formats), by its label. */
export const EXPORT_FORMATS: { value: ExportFormat; label: string }[] = FORMAT_NAMES.map((value) => ({ value, label: FORMATS[value].label }));

/** Exports with the retrieval options of the Export panel (formats without a place for them ignore them). */
export async function exportCurrent(format: ExportFormat): Promise<void> {
  const { documentId: id, info, text, current: result } = useSession.getState();
  if (!id || !info || !result) {
    useUiStore.getState().notify('error', 'Nothing to export yet: run a strategy first.');
    return;
  }
  const chunks = chunkOptionsOf(useExportForm.getState().form);
  if ('error' in chunks) {
    useUiStore.getState().notify('error', chunks.error);
    return;
  }
  try {
    // The writers live in shared/formats: a plain export is written here, no round trip. Retrieval
    // extras may count tokens with tokenizers that live in the main process, so those go there.
    const file = addsNothing(chunks.options)
      ? exportFile(format, { ...result, document: info }, text, chunks.options.offsets, { topicHeadings: chunks.options.topicHeadings })
      : await workbench().exportResult({ result: plainResult(result), documentId: id, format, chunks: chunks.options });
    saveDownload(file);
    useSession.getState().noteExported(file.fileName);
  } catch (err) {
    reportError(`Could not export ${format}`, err);
  }
}

/** The wire schema wants plain arrays; the store holds readonly ones. */
function plainResult(result: SegmentationResult) {
  return { ...result, segmentation: { boundaries: [...result.segmentation.boundaries], notes: result.segmentation.notes.map((n) => ({ ...n })) } };
}

/** The browser's download: works in the web app and in Electron's renderer alike. */
export function saveDownload(file: ExportedFile): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once click() returns; revoke on the next turn to be safe.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
