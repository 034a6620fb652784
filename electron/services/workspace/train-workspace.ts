/**
 * "Train from corrections": every workspace document with a saved correction of its current text
 * becomes a training document (its corrected boundaries are the truth); k-fold held-out figures
 * say how the model does on the person's own corrections; the model trained on all of them is
 * saved in the workspace as readable JSON. With an embedding model, every document is embedded
 * with it and the model weighs the embedding cosine drops too.
 */
import { LearnedModelError, prepareDocument, type PreparedDocument, type TrainingDocument } from '../../../shared/learn/model';
import { trainWithSummary } from '../../../shared/learn/train-summary';
import { mostlyFrom } from '../../../shared/learn/started-from';
import type { TrainingOptions } from '../../../shared/learn/training-options';
import { correctionStateOfNotes, isSelected, type CorrectionSelection } from '../../../shared/workspace/correction-state';
import type { LearnedTrainingReport } from '../../../shared/workspace/types';
import type { WorkspaceService } from './workspace-service';
import { openEmbedder } from '../learn/embeddings';
import { workspaceModelPath, writeLearnedModel } from '../learn/model-file';

export interface TrainOptions {
  /** Where to save the model (default: the workspace's own, which the workbench's `learned` uses). */
  modelFile?: string;
  /** GGUF model for the embedding features; none: lexical and layout features only. */
  embeddingModelFile?: string | null;
  /** CPU threads of the embedding model, as the user gave them (checked where the model opens). */
  threads?: number | string;
  /** Every edited document (the default), or only those with every segment reviewed. */
  include?: CorrectionSelection;
  /** Documents the person left out, by workspace id. */
  exclude?: readonly string[];
  /** The declared training options (shared/learn/training-options.ts); those left out take their default. */
  training?: Partial<TrainingOptions>;
  /** Stops the training between sentences and stages; nothing is saved then. */
  signal?: AbortSignal;
  onProgress?: (progress: TrainProgress) => void;
}

export interface TrainProgress {
  stage: 'reading' | 'embedding' | 'training';
  documentsDone: number;
  documents: number;
  sentencesEmbedded: number;
  /** The document being read or embedded. */
  current: string | null;
}

function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new DOMException('the training was cancelled', 'AbortError');
}

/** Features of each document, embedded with the model when one is given (loaded once for all). */
export async function prepareDocuments(
  docs: readonly TrainingDocument[],
  embeddingModelFile: string | null | undefined,
  options: { threads?: number | string; onDocument?: (index: number) => void; onSentence?: () => void; signal?: AbortSignal } = {},
): Promise<PreparedDocument[]> {
  const embedder = embeddingModelFile ? await openEmbedder(embeddingModelFile, { threads: options.threads }) : undefined;
  try {
    const prepared: PreparedDocument[] = [];
    for (const [i, doc] of docs.entries()) {
      throwIfCancelled(options.signal);
      options.onDocument?.(i);
      prepared.push(prepareDocument(doc, await embedder?.embed(doc.text, options.signal, options.onSentence)));
    }
    return prepared;
  } finally {
    await embedder?.dispose();
  }
}

export async function trainFromWorkspace(ws: WorkspaceService, options: TrainOptions = {}): Promise<LearnedTrainingReport> {
  const { include = 'edited', signal } = options;
  const excluded = new Set(options.exclude ?? []);
  const modelFile = options.modelFile ?? workspaceModelPath(ws.dir);
  await ws.flush();
  const docs: TrainingDocument[] = [];
  /** The strategy each training document's correction started from (null: from none). */
  const startedFrom: Array<string | null> = [];
  const skipped: LearnedTrainingReport['skipped'] = [];
  let reviewedSegments = 0;
  const ids = await ws.store.documentIds();
  const progress: TrainProgress = { stage: 'reading', documentsDone: 0, documents: ids.length, sentencesEmbedded: 0, current: null };
  const report = (change: Partial<TrainProgress>) => options.onProgress?.(Object.assign(progress, change));
  for (const [i, id] of ids.entries()) {
    throwIfCancelled(signal);
    report({ documentsDone: i });
    // A damaged document is skipped and named, never a reason to train on nothing (nor read outside the allowed folders).
    const checked = await ws.checkDocument(id);
    if (checked === null) continue;
    if ('damaged' in checked) {
      skipped.push({ name: id, reason: `damaged: ${checked.damaged.file}: ${checked.damaged.reason}` });
      continue;
    }
    const record = await ws.store.readRecord(id);
    const corrected = await ws.store.readCorrected(id);
    if (!corrected) continue;
    if (excluded.has(id)) {
      skipped.push({ name: record.name, reason: 'left out' });
      continue;
    }
    if (!isSelected(correctionStateOfNotes(corrected.segmentation.notes), include)) {
      skipped.push({ name: record.name, reason: 'not every segment reviewed yet' });
      continue;
    }
    const { text, sha256 } = await ws.text(id, record);
    if (corrected.sourceSha256 !== sha256) {
      skipped.push({ name: record.name, reason: 'its source changed since the correction: re-anchor it first' });
      continue;
    }
    reviewedSegments += corrected.segmentation.notes.filter((n) => n.reviewed).length;
    docs.push({ name: record.name, text, boundaries: corrected.segmentation.boundaries, sha256 });
    startedFrom.push(corrected.basedOn?.strategy ?? null);
  }
  if (docs.length === 0) throw new LearnedModelError('no corrected documents in the workspace yet: correct the boundaries of at least one document, then train');
  report({ stage: options.embeddingModelFile ? 'embedding' : 'training', documentsDone: 0, documents: docs.length });
  const prepared = await prepareDocuments(docs, options.embeddingModelFile, {
    threads: options.threads,
    signal,
    onDocument: (index) => report({ documentsDone: index, current: docs[index]!.name }),
    onSentence: () => report({ sentencesEmbedded: progress.sentencesEmbedded + 1 }),
  });
  throwIfCancelled(signal);
  report({ stage: 'training', documentsDone: docs.length, current: null });
  const { model, summary } = trainWithSummary(prepared, options.training);
  throwIfCancelled(signal);
  await writeLearnedModel(modelFile, model);
  return { modelFile, reviewedSegments, skipped, ...summary, mostlyFrom: mostlyFrom(startedFrom) };
}
