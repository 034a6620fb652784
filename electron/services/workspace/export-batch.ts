/**
 * Exports every corrected document of the workspace at once, as training data: one JSONL file
 * in the seed's format (one document per line), or one WIKI-727K text file per document. The
 * shared writers do the formatting, so a batch export equals the per-document exports.
 */
import { describeDocument } from '../../../shared/document/document-info';
import type { SegmentationResult } from '../../../shared/document/types';
import { writeTrainingLine, writeWiki727k } from '../../../shared/formats';
import { correctionStateOfNotes, isSelected, type CorrectionSelection } from '../../../shared/workspace/correction-state';
import { CORRECTED, type CorrectedFile } from '../../../shared/workspace/schema';
import type { BatchExportReport } from '../../../shared/workspace/types';
import type { WorkspaceService } from './workspace-service';

export type BatchExportFormat = BatchExportReport['format'];

/** An exported correction's meta: the run it started from and its revision. */
type CorrectionExportMeta = Pick<CorrectedFile, 'basedOn' | 'revision' | 'editedAt'>;

/** The strategy a correction started from, as its file records it. */
function startStrategy(result: SegmentationResult<CorrectionExportMeta>): string | null {
  return result.meta.basedOn?.strategy ?? null;
}

/** A folder name that sorts by time and is safe on every file system. */
function stamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

export interface BatchExportOptions {
  /** Every edited document (the default), or only those with every segment reviewed. */
  include?: CorrectionSelection;
  now?: Date;
}

export async function exportBatch(service: WorkspaceService, format: BatchExportFormat, options: BatchExportOptions = {}): Promise<BatchExportReport> {
  const { include = 'edited', now = new Date() } = options;
  await service.flush();
  const directory = `${stamp(now)}-${format}`;
  const skipped: BatchExportReport['skipped'] = [];
  const folder = await service.store.documentsFolderDamage();
  const damaged: BatchExportReport['damaged'] = folder ? [folder] : [];
  const exported: { id: string; name: string; result: SegmentationResult<CorrectionExportMeta>; text: string }[] = [];
  for (const id of await service.store.documentIds()) {
    // A damaged document is named among the skipped, never a reason to export nothing.
    const checked = await service.checkDocument(id);
    if (checked === null) continue;
    if ('damaged' in checked) {
      damaged.push(checked.damaged);
      skipped.push({ name: id, reason: `damaged: ${checked.damaged.file}: ${checked.damaged.reason}` });
      continue;
    }
    const record = await service.store.readRecord(id);
    const corrected = await service.store.readCorrected(id);
    if (!corrected) {
      skipped.push({ name: record.name, reason: 'not corrected yet' });
      continue;
    }
    if (!isSelected(correctionStateOfNotes(corrected.segmentation.notes), include)) {
      skipped.push({ name: record.name, reason: 'not every segment reviewed yet' });
      continue;
    }
    const text = await service.text(id, record);
    if (text.source.state === 'changed' || corrected.sourceSha256 !== text.sha256) {
      skipped.push({ name: record.name, reason: 'its source has changed; re-anchor it first' });
      continue;
    }
    const result: SegmentationResult<CorrectionExportMeta> = {
      document: describeDocument(record.name, text.text),
      strategy: CORRECTED,
      segmentation: corrected.segmentation,
      warnings: [],
      meta: { basedOn: corrected.basedOn, revision: corrected.revision, editedAt: corrected.editedAt },
    };
    exported.push({ id, name: record.name, result, text: text.text });
  }
  const files: string[] = [];
  let content: string | undefined;
  if (format === 'training') {
    content = exported.map((e) => writeTrainingLine(e.result, e.text, { id: e.id, name: e.name, basedOn: startStrategy(e.result) })).join('');
    files.push(await service.store.writeExport(`${directory}/training.jsonl`, content));
  } else {
    for (const e of exported) files.push(await service.store.writeExport(`${directory}/${e.id}.txt`, writeWiki727k(e.result, e.text)));
  }
  const report: BatchExportReport = { format, directory: `exports/${directory}`, files, documents: exported.length, skipped, damaged };
  if (content !== undefined) report.content = content;
  return report;
}
