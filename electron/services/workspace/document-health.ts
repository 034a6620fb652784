/**
 * Whether a workspace document's files agree with each other, beyond each passing its schema: the
 * source is where its record says (a copied source.txt unchanged; a referenced file present and
 * inside the allowed folders), and every saved run and the correction cover that text exactly.
 * A file that passes its schema but, say, puts a boundary past the end of the text would
 * otherwise reach the page as if it were fine. Each finding is a DocumentDamageError naming the
 * file and the repair that fits; describeDamage (damage.ts) turns it into a list entry.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { assertCoversLength, assertValidSegmentation, CoverageError } from '../../../shared/document/segmentation';
import type { Segmentation } from '../../../shared/document/types';
import type { CorrectedFile, DocumentRecord, RunFile } from '../../../shared/workspace/schema';
import { DocumentDamageError } from './storage/json-files';
import { COPIED_SOURCE, type DocumentText, type WorkspaceStore } from './workspace-store';

/** What a segmentation is checked against: the text itself, or only its length (a source not read). */
type Against = { text: string } | { chars: number };

function coverageProblem(segmentation: Segmentation, against: Against): string | null {
  try {
    if ('text' in against) assertValidSegmentation(against.text, segmentation);
    else assertCoversLength(against.chars, segmentation);
    return null;
  } catch (err) {
    if (err instanceof CoverageError) return err.message;
    throw err;
  }
}

/**
 * Throws for the first run or correction that does not cover the text. `only`: check only the
 * segmentations made on the text of this sha256 (when `against` is the recorded length, which
 * is another text's for a segmentation made before a re-anchor).
 */
export function assertSegmentationsCover(store: WorkspaceStore, id: string, corrected: CorrectedFile | null, runs: RunFile[], against: Against, only?: string): void {
  const docDir = store.documentDir(id);
  if (corrected && (only === undefined || corrected.sourceSha256 === only)) {
    const problem = coverageProblem(corrected.segmentation, against);
    if (problem) throw new DocumentDamageError(`documents/${id}/corrected.json does not cover the text: ${problem}`, path.join(docDir, 'corrected.json'), 'set-aside');
  }
  for (const run of runs) {
    if (only !== undefined && run.result.document.sha256 !== only) continue;
    const problem = coverageProblem(run.result.segmentation, against);
    const file = path.join(docDir, 'runs', `${run.result.strategy}.json`);
    if (problem) throw new DocumentDamageError(`documents/${id}/runs/${run.result.strategy}.json does not cover the text: ${problem}`, file, 'set-aside');
  }
}

/** A copied text is the workspace's own: one that no longer has the recorded sha256 was replaced. */
export function assertCopyUnchanged(store: WorkspaceStore, record: DocumentRecord, text: DocumentText): void {
  if (record.source.kind !== 'copy' || text.source.state === 'unchanged') return;
  throw new DocumentDamageError(
    `documents/${record.id}/source.txt was replaced: its text (${text.text.length} characters) is not the one added (${record.chars} characters)`,
    path.join(store.documentDir(record.id), 'source.txt'),
    'reanchor',
  );
}

/**
 * Copied texts already read and found unchanged in this session, by document: the source.txt's
 * inode, size and modification time, with the sha256 it matched (how `git status` tells a file
 * unchanged without reading it). A listing reads a copy again only when one of them changed.
 */
export type VerifiedCopies = Map<string, string>;

/**
 * The checks a listing makes: the source is there (and, for a copy, unchanged: it is read and
 * hashed, once per change); every segmentation covers the text (a copy read now) or its recorded
 * length (a reference's, which is not read just to list the workspace, and a copy known unchanged).
 */
export async function assertDocumentHealthy(store: WorkspaceStore, record: DocumentRecord, corrected: CorrectedFile | null, runs: RunFile[], verified: VerifiedCopies): Promise<void> {
  if (record.source.kind === 'copy') {
    const stats = await fs.lstat(path.join(store.documentDir(record.id), COPIED_SOURCE)).catch(() => null);
    const stamp = stats?.isFile() ? `${stats.ino}:${stats.size}:${stats.mtimeMs}:${record.sha256}` : null;
    if (stamp === null || verified.get(record.id) !== stamp) {
      verified.delete(record.id);
      const text = await store.readText(record);
      assertCopyUnchanged(store, record, text);
      assertSegmentationsCover(store, record.id, corrected, runs, { text: text.text });
      if (stamp !== null) verified.set(record.id, stamp);
      return;
    }
  } else {
    await store.resolveReference(record);
  }
  assertSegmentationsCover(store, record.id, corrected, runs, { chars: record.chars }, record.sha256);
}
