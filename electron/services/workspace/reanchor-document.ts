/**
 * Re-anchoring a whole document onto its changed source: every saved run and the correction.
 * Written in an order that survives a kill at any point: runs and correction first, the document
 * record's new sha256 last. Until that last write the source still counts as changed, and running
 * this again finds the (already moved) boundaries in place.
 */
import { describeDocument } from '../../../shared/document/document-info';
import { reanchorSegmentation, type ReanchorResult } from '../../../shared/workspace/reanchor';
import type { ReanchorReport } from '../../../shared/workspace/types';
import type { WorkspaceService } from './workspace-service';

export async function reanchorDocument(service: WorkspaceService, id: string, apply: boolean): Promise<ReanchorReport> {
  // One turn of the document's queue: no save or run lands between reading what moves and writing it back.
  return service.inTurn(id, () => reanchorInTurn(service, id, apply));
}

async function reanchorInTurn(service: WorkspaceService, id: string, apply: boolean): Promise<ReanchorReport> {
  const { store } = service;
  service.forgetText(id);
  const record = await store.readRecord(id);
  const current = await service.text(id, record);
  const [runs, corrected] = await Promise.all([store.readRuns(id), store.readCorrected(id)]);
  const report: ReanchorReport = { applied: false, source: current.source, segmentations: [] };
  const describe = (name: string, r: ReanchorResult) => report.segmentations.push({ name, placed: r.placed, approximate: r.approximate, unplaced: r.unplaced });
  if (current.source.state === 'unchanged') return report;

  const newRuns = runs.map((run) => {
    const moved = reanchorSegmentation(current.text, run.result.segmentation, run.anchors);
    describe(run.result.strategy, moved);
    const warnings = [
      ...run.result.warnings,
      ...moved.unplaced.map((u) => ({ code: 'reanchor-unplaced', message: `after the source changed, the boundary at ${u.oldOffset} was not found again`, head: u.anchor, offset: u.oldOffset })),
    ];
    return { ...run.result, document: describeDocument(record.name, current.text), segmentation: moved.segmentation, warnings };
  });
  const movedCorrection = corrected && reanchorSegmentation(current.text, corrected.segmentation, corrected.anchors);
  if (movedCorrection) describe('corrected', movedCorrection);
  if (!apply) return report;

  for (const result of newRuns) await store.writeRun(id, current.text, result);
  if (corrected && movedCorrection) {
    // Built on the revision just read: a save by another host in between is a conflict, not lost.
    await store.writeCorrected(id, current.text, current.sha256, movedCorrection.segmentation, corrected.basedOn, corrected.revision);
  }
  await store.writeRecordText(id, current.text);
  service.forgetText(id);
  return { ...report, applied: true };
}
