/**
 * What is wrong with a damaged workspace document, told from the error that reading it threw:
 * which file, why, and which repair fits. Apart from damaged-documents.ts (the repairs), so the
 * workspace service can describe damage without importing the repairs that use it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { firstLine } from '../../../shared/text/first-line';
import type { DamagedWorkspaceDocument } from '../../../shared/workspace/types';
import { DocumentDamageError, WorkspaceFileError } from './storage/json-files';
import { COPIED_SOURCE, type WorkspaceStore } from './workspace-store';

/** The copied text of a document added by copy: what a lost record can be rebuilt from. */
export { COPIED_SOURCE };

/** What is wrong with document `id`, given the error reading it threw. */
export function describeDamage(store: WorkspaceStore, id: string, err: unknown): DamagedWorkspaceDocument {
  const recordFile = store.recordFile(id);
  const named = err instanceof WorkspaceFileError ? err.file : (err as NodeJS.ErrnoException | null)?.path;
  const file = named ?? recordFile;
  const docDir = store.documentDir(id);
  const isRunFile = path.dirname(file) === path.join(docDir, 'runs') && file.endsWith('.json');
  const repair =
    err instanceof DocumentDamageError ? err.repair
    : file === recordFile
      ? existsSync(path.join(docDir, COPIED_SOURCE)) ? ('rebuild-record' as const) : null
      : file === path.join(docDir, 'corrected.json') || isRunFile ? ('set-aside' as const) : null;
  const reason = firstLine(err).trim() || 'unreadable';
  return { id, file: path.relative(store.dir, file).split(path.sep).join('/'), reason, repair };
}
