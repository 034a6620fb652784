/** Exporting the current result through the shared writers, then saving it as a download. */
import type { ExportFormat, ExportedFile } from '../../shared/ipc/contract';
import { noteExported } from '../features/workspace/save-location';
import { useDocumentStore } from '../stores/document';
import { chunkOptionsOf, useExportForm } from '../stores/export-form';
import { useSegmentationStore } from '../stores/segmentation';
import { useUiStore } from '../stores/ui';
import { reportError } from './errors';
import { workbench } from './workbench';

export const EXPORT_FORMATS: { value: ExportFormat; label: string }[] = [
  { value: 'json', label: 'JSON' },
  { value: 'jsonl', label: 'JSONL (one chunk a line)' },
  { value: 'markdown', label: 'Markdown' },
  { value: 'csv', label: 'CSV' },
  { value: 'training', label: 'Training data' },
];

/** Exports with the retrieval options of the Export panel (formats without a place for them ignore them). */
export async function exportCurrent(format: ExportFormat): Promise<void> {
  const documentId = useDocumentStore.getState().id;
  const result = useSegmentationStore.getState().current;
  if (!documentId || !result) {
    useUiStore.getState().notify('error', 'Nothing to export yet: run a strategy first.');
    return;
  }
  const chunks = chunkOptionsOf(useExportForm.getState().form);
  if ('error' in chunks) {
    useUiStore.getState().notify('error', chunks.error);
    return;
  }
  try {
    // The wire schema wants plain arrays; the store holds readonly ones.
    const wire = {
      ...result,
      segmentation: { boundaries: [...result.segmentation.boundaries], notes: result.segmentation.notes.map((n) => ({ ...n })) },
    };
    const file = await workbench().exportResult({ result: wire, documentId, format, chunks: chunks.options });
    saveDownload(file);
    noteExported(file.fileName);
  } catch (err) {
    reportError(`Could not export ${format}`, err);
  }
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
