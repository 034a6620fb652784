/**
 * Documents whose files cannot be read (a hand-edited or corrupted document.json, corrected.json
 * or run file): described so the rest of the workspace stays usable, then repaired or removed on
 * request. Nothing is deleted: a damaged file is renamed to `<file>.damaged-<time>`, a removed
 * document's folder moves to removed/<id>.<time>.
 */
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { describeDocument } from '../../../shared/document/document-info';
import { documentRecordSchema, DOCUMENTS_FOLDER_DAMAGE_ID, WORKSPACE_VERSION, type DocumentRecord } from '../../../shared/workspace/schema';
import type { RepairReport } from '../../../shared/workspace/types';
import { COPIED_SOURCE } from './damage';
import { reanchorDocument } from './reanchor-document';
import { WorkspaceFileError } from './storage/json-files';
import type { WorkspaceService } from './workspace-service';
import type { WorkspaceStore } from './workspace-store';

/** The fields of a damaged record that still read as what they should be. */
async function salvage(file: string): Promise<Partial<Pick<DocumentRecord, 'name' | 'sourceFormat' | 'addedAt'>>> {
  try {
    const raw = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>;
    const shape = documentRecordSchema.pick({ name: true, sourceFormat: true, addedAt: true }).partial();
    const fields = { name: raw.name, sourceFormat: raw.sourceFormat, addedAt: raw.addedAt };
    const kept = Object.fromEntries(Object.entries(fields).filter(([key, value]) => shape.shape[key as keyof typeof fields].safeParse(value).success && value !== undefined));
    return kept as Partial<Pick<DocumentRecord, 'name' | 'sourceFormat' | 'addedAt'>>;
  } catch {
    return {};
  }
}

/** A new record for a document added by copy, from its source.txt and what the old record kept. */
async function rebuildRecord(store: WorkspaceStore, id: string, kept: Awaited<ReturnType<typeof salvage>>): Promise<void> {
  const text = await fs.readFile(path.join(store.documentDir(id), COPIED_SOURCE), 'utf8');
  const name = kept.name ?? `${id}.txt`;
  const info = describeDocument(name, text);
  await store.writeRecord({
    format: 'segment-workbench-document',
    version: WORKSPACE_VERSION,
    id,
    name,
    sourceFormat: kept.sourceFormat ?? 'txt',
    source: { kind: 'copy', file: COPIED_SOURCE },
    sha256: info.sha256,
    chars: info.chars,
    addedAt: kept.addedAt ?? new Date().toISOString(),
  });
}

/** A document can hold one record, one correction and a run per strategy: enough rounds for all. */
const MAX_REPAIR_ROUNDS = 1000;

/**
 * Repairs document `id` one damaged file at a time until it reads (or a file cannot be repaired),
 * or removes it. Resolves with what was done; a document that is not damaged is left as it is.
 */
export async function repairDocument(ws: WorkspaceService, id: string, action: 'repair' | 'remove'): Promise<RepairReport> {
  await ws.flush();
  if (id === DOCUMENTS_FOLDER_DAMAGE_ID) return repairInTurn(ws, id, action);
  // In the document's turn: no save of it lands while its files are set aside or rebuilt.
  return ws.inTurn(id, () => repairInTurn(ws, id, action));
}

async function repairInTurn(ws: WorkspaceService, id: string, action: 'repair' | 'remove'): Promise<RepairReport> {
  const relative = (file: string) => path.relative(ws.dir, file).split(path.sep).join('/');
  ws.forgetText(id);
  // A correction set aside or moved away: the next edit builds on what is there then.
  ws.store.forgetBaseRevision(id);
  if (id === DOCUMENTS_FOLDER_DAMAGE_ID) {
    // Not a document: whatever stands where documents/ should be goes aside, and the folder is made.
    if (!(await ws.store.documentsFolderDamage())) throw new WorkspaceFileError(`the workspace ${ws.dir} has its documents/ folder: nothing to repair`);
    const movedTo = relative(await ws.store.replaceDocumentsFolder(action));
    return { workspaceDocumentId: id, action, setAside: action === 'repair' ? [movedTo] : [], movedTo: action === 'remove' ? movedTo : null, document: null };
  }
  if (action === 'remove') {
    if (!existsSync(ws.store.documentDir(id))) throw new WorkspaceFileError(`no document '${id}' in the workspace ${ws.dir}`);
    const movedTo = relative(await ws.store.removeDocument(id));
    return { workspaceDocumentId: id, action, setAside: [], movedTo, document: null };
  }
  const setAside: string[] = [];
  let previous: string | null = null;
  for (let round = 0; round < MAX_REPAIR_ROUNDS; round++) {
    const checked = await ws.checkDocument(id);
    if (checked === null) throw new WorkspaceFileError(`no document '${id}' in the workspace ${ws.dir}`);
    if ('summary' in checked) return { workspaceDocumentId: id, action, setAside, movedTo: null, document: checked.summary };
    const damage = checked.damaged;
    // A repair that left the same damage behind will not fix it by being repeated.
    if (`${damage.file}\n${damage.reason}` === previous) throw new WorkspaceFileError(`${damage.file} is still damaged after a repair (${damage.reason}): remove the document instead`);
    previous = `${damage.file}\n${damage.reason}`;
    const file = path.join(ws.dir, damage.file);
    if (damage.repair === null) {
      throw new WorkspaceFileError(`${damage.file} cannot be repaired (${damage.reason}): remove the document instead`);
    }
    if (damage.repair === 'reanchor') {
      // A replaced copy: its new text becomes the document's, and the boundaries follow it.
      await reanchorDocument(ws, id, true);
      continue;
    }
    const kept = damage.repair === 'rebuild-record' ? await salvage(file) : null;
    // A record that is missing altogether has nothing to set aside.
    if (await fs.lstat(file).then(() => true, () => false)) setAside.push(relative(await ws.store.setAside(id, file)));
    if (kept) await rebuildRecord(ws.store, id, kept);
  }
  throw new WorkspaceFileError(`documents/${id} still has damaged files after ${MAX_REPAIR_ROUNDS} repairs`);
}
