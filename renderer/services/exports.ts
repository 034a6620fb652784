/** Exporting the current result with the shared writers, right here, then saving it as a download. */
import { exportFile } from '../../shared/formats/export-file';
import type { ExportFormat, ExportedFile } from '../../shared/ipc/contract';
import { useDocumentStore } from '../stores/document';
import { useSegmentationStore } from '../stores/segmentation';
import { useUiStore } from '../stores/ui';
import { reportError } from './errors';

export const EXPORT_FORMATS: { value: ExportFormat; label: string }[] = [
  { value: 'json', label: 'JSON' },
  { value: 'jsonl', label: 'JSONL (one chunk a line)' },
  { value: 'markdown', label: 'Markdown' },
  { value: 'csv', label: 'CSV' },
  { value: 'training', label: 'Training data' },
];

export async function exportCurrent(format: ExportFormat): Promise<void> {
  const { info, text } = useDocumentStore.getState();
  const result = useSegmentationStore.getState().current;
  if (!info || !result) {
    useUiStore.getState().notify('error', 'Nothing to export yet: run a strategy first.');
    return;
  }
  try {
    // The writers live in shared/formats: written here, saved as a download, no round trip.
    saveDownload(exportFile(format, { ...result, document: info }, text));
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
