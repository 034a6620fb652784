/**
 * "Train from corrections": every workspace document with a saved correction of its current text
 * becomes a training document (its corrected boundaries are the truth); k-fold held-out figures
 * say how the model does on the person's own corrections; the model trained on all of them is
 * saved in the workspace as readable JSON.
 */
import { crossValidate } from '../../../shared/learn/cross-validate';
import { LearnedModelError, prepareDocument, topFeatures, trainPrepared, type PreparedDocument } from '../../../shared/learn/model';
import type { LearnedTrainingReport } from '../../../shared/workspace/types';
import type { WorkspaceService } from '../workspace/workspace-service';
import { workspaceModelPath, writeLearnedModel } from './model-file';

export const CROSS_VALIDATION_FOLDS = 5;

/** Saves the model at `modelFile` (default: the workspace's own, which the workbench's `learned` uses). */
export async function trainFromWorkspace(ws: WorkspaceService, modelFile = workspaceModelPath(ws.dir)): Promise<LearnedTrainingReport> {
  await ws.flush();
  const prepared: PreparedDocument[] = [];
  const skipped: LearnedTrainingReport['skipped'] = [];
  let reviewedSegments = 0;
  for (const id of await ws.store.documentIds()) {
    const record = await ws.store.readRecord(id);
    const corrected = await ws.store.readCorrected(id);
    if (!corrected) continue;
    const { text, sha256 } = await ws.text(id, record);
    if (corrected.sourceSha256 !== sha256) {
      skipped.push({ name: record.name, reason: 'its source changed since the correction: re-anchor it first' });
      continue;
    }
    reviewedSegments += corrected.segmentation.notes.filter((n) => n.reviewed).length;
    prepared.push(prepareDocument({ name: record.name, text, boundaries: corrected.segmentation.boundaries, sha256 }));
  }
  if (prepared.length === 0) throw new LearnedModelError('no corrected documents in the workspace yet: correct the boundaries of at least one document, then train');
  const crossValidation = crossValidate(prepared, CROSS_VALIDATION_FOLDS);
  const model = trainPrepared(prepared);
  await writeLearnedModel(modelFile, model);
  return {
    modelFile,
    trainedAt: model.trainedAt,
    documents: model.trainedOn.map((d) => d.name),
    reviewedSegments,
    skipped,
    crossValidation,
    topFeatures: topFeatures(model, 8),
    typicalSegmentChars: Math.round(Math.exp(model.lengthPrior.logMean)),
  };
}
