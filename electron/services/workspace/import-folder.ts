/**
 * Adding a folder of documents to the workspace in one go (not recursive). Each readable file is
 * added by copy or by reference; one the workspace already holds (same name and text) is listed as
 * already there; anything else (a subfolder, a symbolic link, an unsupported or empty file) is
 * listed with the reason, never silently dropped. Symbolic links are not followed (a link in a
 * folder someone handed over may point anywhere); hidden files are left out.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { SUPPORTED_EXTENSIONS } from '../../readers';
import { isEmptyDocument } from '../../../shared/document/empty';
import type { ImportFolderReport } from '../../../shared/workspace/types';
import { WorkspaceFileError } from './storage/json-files';
import type { SourceReader } from './workspace-store';
import type { WorkspaceService } from './workspace-service';
import { firstLine } from '../../../shared/text/first-line';
import { pdfCopyFromFile } from './pdf-of-document';

export async function importFolder(service: WorkspaceService, folder: string, mode: 'copy' | 'reference', readSource: SourceReader): Promise<ImportFolderReport> {
  const dir = path.resolve(folder);
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    throw new WorkspaceFileError(err.code === 'ENOTDIR' ? `${dir} is not a folder` : `cannot read the folder ${dir}: ${err.code ?? err.message}`);
  });
  const report: ImportFolderReport = { added: [], alreadyThere: [], skipped: [] };
  const known = new Set(await service.store.documentIds());
  // The caller chose (or the path gate allowed) this folder: its documents may reference files in it.
  if (mode === 'reference') service.store.allowReferenceRoot(dir);
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isSymbolicLink()) {
      report.skipped.push({ file: entry.name, reason: 'a symbolic link: not followed (import the file it points to from its own folder)' });
      continue;
    }
    if (entry.isDirectory()) {
      report.skipped.push({ file: `${entry.name}/`, reason: 'a folder (import does not go into subfolders)' });
      continue;
    }
    if (!entry.isFile()) {
      report.skipped.push({ file: entry.name, reason: 'not a regular file' });
      continue;
    }
    const file = path.join(dir, entry.name);
    if (!SUPPORTED_EXTENSIONS.includes(path.extname(entry.name).toLowerCase())) {
      report.skipped.push({ file: entry.name, reason: 'unsupported file type' });
      continue;
    }
    try {
      const { text, sourceFormat, sourceMap } = await readSource(file);
      if (isEmptyDocument(text)) {
        report.skipped.push({ file: entry.name, reason: 'empty: no text to segment' });
        continue;
      }
      // A copied PDF keeps the PDF and its map beside the text, for the page view (storage/pdf-copy.ts).
      const pdf = mode === 'copy' && sourceMap ? await pdfCopyFromFile(file, sourceMap) : null;
      const added = await service.addDocument({ name: entry.name, text, sourceFormat, ...(mode === 'reference' ? { referencePath: file } : {}), ...(pdf ? { pdf } : {}) });
      if (known.has(added.id)) report.alreadyThere.push(added);
      else report.added.push(added);
    } catch (err) {
      report.skipped.push({ file: entry.name, reason: firstLine(err) });
    }
  }
  return report;
}
