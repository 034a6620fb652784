/**
 * The workspace's data files across format versions. Every data file (workspace.json,
 * document.json, runs/*.json, corrected.json) carries `version`. A file of an older version is
 * brought up to WORKSPACE_VERSION step by step when it is read, then validated by the current
 * schema (shared/workspace/schema.ts), and written at the current version the next time it is
 * saved; opening a workspace upgrades its workspace.json at once (upgradeMarker), so a build that
 * knows only the older version refuses the folder as a whole instead of misreading its files one
 * by one. A file of a newer version than this build knows is refused, never half-read.
 *
 * Version 2 changed no field: it is the first version written by a build that has this migration
 * path. A change of shape adds its step below (2 → 3), bumps WORKSPACE_VERSION, and adds a fixture
 * written by the build before it, as test/fixtures/workspace-v1 is for step 1 → 2.
 */
import path from 'node:path';
import { promises as fs } from 'node:fs';
import { WORKSPACE_VERSION, workspaceMarkerSchema } from '../../../../shared/workspace/schema';
import { DocumentDamageError, READ_NO_FOLLOW, writeJsonFile } from './json-files';

type FileObject = Record<string, unknown>;

/** Step `n` turns a file of version `n` into one of version `n + 1`. */
const STEPS: Readonly<Record<number, (file: FileObject) => FileObject>> = {
  // 1 → 2: same fields; the version says a build with migrations wrote it.
  1: (file) => ({ ...file, version: 2 }),
};

/** The oldest version this build reads. */
export const OLDEST_READABLE_VERSION = 1;

/**
 * A workspace file written by a newer Segment Workbench than this one. Not damage a repair could
 * fix (setting it aside would hide the newer build's work): the document can only be removed.
 */
export class NewerWorkspaceVersionError extends DocumentDamageError {
  constructor(
    file: string,
    readonly version: number,
  ) {
    super(
      `${path.basename(file)} in ${path.dirname(file)} was written by a newer Segment Workbench (workspace format version ${version}; this one reads versions ${OLDEST_READABLE_VERSION} to ${WORKSPACE_VERSION}): open the workspace with that version or a later one`,
      file,
      null,
    );
    this.name = 'NewerWorkspaceVersionError';
  }
}

/**
 * `parsed` (a data file's JSON, read from `file`) at the current version. What is not an object
 * with an integer `version` in the known range is returned as it is, for the schema to refuse
 * with its own message.
 */
export function toCurrentVersion(parsed: unknown, file: string): unknown {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return parsed;
  let current = parsed as FileObject;
  const version = current.version;
  if (typeof version !== 'number' || !Number.isInteger(version)) return parsed;
  if (version > WORKSPACE_VERSION) throw new NewerWorkspaceVersionError(file, version);
  for (let v = version; v < WORKSPACE_VERSION; v++) {
    const step = STEPS[v];
    if (!step) return parsed;
    current = step(current);
  }
  return current;
}

/**
 * Rewrites the workspace's workspace.json at the current version when it is older (after the
 * opener took the lock). Its other files follow as they are next saved.
 */
export async function upgradeMarker(root: string): Promise<void> {
  const file = path.join(root, 'workspace.json');
  const stored = JSON.parse(await fs.readFile(file, { encoding: 'utf8', flag: READ_NO_FOLLOW })) as { version?: unknown };
  if (typeof stored.version !== 'number' || stored.version >= WORKSPACE_VERSION) return;
  await writeJsonFile(file, workspaceMarkerSchema, workspaceMarkerSchema.parse(toCurrentVersion(stored, file)));
}
