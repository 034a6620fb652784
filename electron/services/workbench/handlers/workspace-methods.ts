/**
 * The workspace methods of the contract, served on the workbench's handler scope. One workspace
 * is open at a time: the one `serve --workspace DIR` (or the desktop's File menu) names, opened
 * on first use, or another chosen with workspaceOpen. Documents opened from it join the session's
 * document registry, and every run that finishes on such a document is saved in the workspace.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { workspaceModelPath } from '../../learn/model-file';
import type { TrainProgress } from '../../workspace/train-workspace';
import type { JobContext } from '../../jobs/registry';
import { withLearnedModel } from '../../learn/workbench-model';
import { wireErrorCodes } from '../../../../shared/ipc/wire';
import type { WorkspaceInfo } from '../../../../shared/workspace/types';
import { CORRECTED, type CorrectionBasis } from '../../../../shared/workspace/schema';
import { summarize, toOpenedDocument } from '../document-registry';
import { WorkbenchError } from '../../../../shared/ipc/workbench-error';
import type { HandlerScope, Handlers } from './types';
import { MODEL_STRATEGY_NAMES } from '../../../../shared/strategies/run-options';
import { localDocumentsAtOnce } from '../../native/parallel';
import { runBatch } from '../../workspace/batch-run';
import { repairDocument } from '../../workspace/damaged-documents';
import { exportBatch } from '../../workspace/export-batch';
import { importFolder } from '../../workspace/import-folder';
import { reanchorDocument } from '../../workspace/reanchor-document';
import { WorkspaceService } from '../../workspace/workspace-service';
import { pdfCopyFromFile } from '../../workspace/pdf-of-document';
import { sourceFileOf } from './source-pdf';
import type { SourceReader } from '../../workspace/workspace-store';

/** Documents in flight in a remote batch; their windows queue in the endpoint pool, which sets the pace. */
const REMOTE_BATCH_DOCUMENTS = 8;

type WorkspaceMethod =
  | 'workspaceInfo' | 'workspaceOpen' | 'workspaceListDocuments' | 'workspaceAddDocument' | 'workspaceImportFolder'
  | 'workspaceOpenDocument' | 'workspaceSaveCorrection' | 'workspaceReanchor' | 'workspaceBatchRun'
  | 'workspaceExportBatch' | 'workspaceListDamaged' | 'workspaceRepairDocument' | 'workspaceTrainLearned'
  | 'workspaceClearCorrection' | 'workspaceReadCorrection';

export interface WorkspaceHandlers extends Handlers<WorkspaceMethod> {
  /** Writes pending corrections and waits for running batches to stop: for shutdown. */
  close(): Promise<void>;
}

/** Training progress on its job: every change of stage or document, sentences at most every 250 ms. */
function throttledProgress(report: JobContext<'train'>['report']): (p: TrainProgress) => void {
  let last = { stage: '', documentsDone: -1, at: 0 };
  return ({ stage, ...progress }) => {
    const now = Date.now();
    if (stage === last.stage && progress.documentsDone === last.documentsDone && now - last.at < 250) return;
    last = { stage, documentsDone: progress.documentsDone, at: now };
    report({ stage, progress });
  };
}

/**
 * Which saved run a correction started from: that strategy's run file as saved now; for a
 * correction of the correction, whatever the correction file already records.
 */
async function basisOf(ws: WorkspaceService, id: string, strategy: string | null): Promise<CorrectionBasis | null> {
  if (strategy === null) return null;
  if (strategy === CORRECTED) return (await ws.store.readCorrected(id))?.basedOn ?? null;
  const run = (await ws.store.readRuns(id)).find((r) => r.result.strategy === strategy);
  return run ? { strategy, savedAt: run.savedAt } : null;
}

export function createWorkspaceHandlers(scope: HandlerScope): WorkspaceHandlers {
  const { deps, documents, events, jobs, settings, paths } = scope;
  const readSource: SourceReader = async (file) => {
    const read = await deps.readDocument(file);
    return { text: read.text, sourceFormat: read.sourceFormat, ...(read.sourceMap ? { sourceMap: read.sourceMap } : {}) };
  };
  let dir = settings.workspaceDir;
  /** `learned` runs with the open workspace's model, when it has one. */
  const findLearnedModel = () => {
    const file = dir === null ? null : workspaceModelPath(dir);
    settings.learnedModelFile = file !== null && existsSync(file) ? file : null;
  };
  findLearnedModel();
  let opening: Promise<WorkspaceService> | null = null;
  /** Session document id <-> workspace document id, for the documents opened from the workspace. */
  const toWorkspace = new Map<string, string>();
  /** The batch jobs on the open workspace, stopped when another one opens. */
  const batches = new Set<string>();

  function openService(target: string): Promise<WorkspaceService> {
    return WorkspaceService.open(target, {
      readSource,
      // A document may reference files in the workspace and the folders the host was given, nowhere else.
      referenceRoots: settings.allowedDirs,
      onCorrectionSaved: (id, corrected) => events.emit({ type: 'workspace-saved', workspaceDocumentId: id, revision: corrected.revision, editedAt: corrected.editedAt }),
    });
  }

  function workspace(): Promise<WorkspaceService> {
    if (dir === null) {
      throw new WorkbenchError(wireErrorCodes.unavailable, 'no workspace is open: open a folder as a workspace').withCliHint('or start with serve --workspace DIR');
    }
    opening ??= openService(dir).catch((err: unknown) => {
      opening = null;
      throw err;
    });
    return opening;
  }

  async function info(): Promise<WorkspaceInfo> {
    if (dir === null) return { dir: null, documents: 0 };
    const ws = await workspace();
    return { dir: ws.dir, documents: (await ws.store.documentIds()).length };
  }

  async function close(): Promise<void> {
    for (const id of batches) jobs.cancel(id);
    await Promise.all([...batches].map((id) => jobs.whenEnded(id)));
    if (opening) await (await opening.catch(() => null))?.close();
  }

  // A finished run of a document that came from the workspace is kept there; once it is on disk,
  // the windows are told, so their lists show it (the run's own events come before the write).
  events.on((event) => {
    if (event.type !== 'job' || event.job.kind !== 'run' || event.job.status !== 'finished' || !event.job.result) return;
    const { documentId, result } = event.job;
    const id = toWorkspace.get(documentId);
    if (id === undefined || !opening) return;
    void workspace()
      .then((ws) => ws.saveRun(id, result))
      .then((run) => events.emit({ type: 'workspace-run-saved', workspaceDocumentId: id, strategy: result.strategy, savedAt: run.savedAt }))
      .catch((err: unknown) => process.stderr.write(`workspace: the ${result.strategy} run of ${id} was not saved: ${(err as Error).message}\n`));
  });

  return {
    close,
    workspaceInfo: () => info(),
    workspaceOpen: async ({ dir: requested }, context) => {
      const next = path.resolve(await paths.resolve(requested, 'the workspace folder', context));
      // The open workspace again: keep it (a second service on the same folder would race its writes).
      if (next === dir && opening && (await opening.then(() => true, () => false))) return info();
      // The new workspace opens first: a refused folder leaves the open workspace as it was.
      const opened = await openService(next);
      await close();
      toWorkspace.clear();
      dir = next;
      opening = Promise.resolve(opened);
      findLearnedModel();
      return info();
    },
    workspaceListDocuments: async () => (await workspace()).listDocuments(),
    workspaceListDamaged: async () => (await (await workspace()).scanDocuments()).damaged,
    workspaceRepairDocument: async ({ workspaceDocumentId, action }) => {
      const report = await repairDocument(await workspace(), workspaceDocumentId, action);
      // A removed document's session copy stays open, but is no longer saved to the workspace.
      if (action === 'remove') for (const [sessionId, id] of toWorkspace) if (id === workspaceDocumentId) toWorkspace.delete(sessionId);
      return report;
    },
    workspaceAddDocument: async ({ documentId }) => {
      const doc = documents.get(documentId);
      // A PDF this session read by path or had uploaded is copied in with its map, for the page view (storage/pdf-copy.ts).
      const pdf = !doc.sourceMap
        ? null
        : doc.sourceFile
          ? await pdfCopyFromFile(doc.sourceFile.path, doc.sourceMap, doc.sourceFile)
          : doc.uploadedPdf
            ? { bytes: doc.uploadedPdf, map: doc.sourceMap }
            : null;
      const summary = await (await workspace()).addDocument({ name: doc.info.name, text: doc.text, sourceFormat: doc.sourceFormat, ...(pdf ? { pdf } : {}) });
      toWorkspace.set(documentId, summary.id);
      return summary;
    },
    workspaceImportFolder: async ({ path: folder, mode }, context) => {
      const allowed = await paths.resolve(folder, 'the folder', context);
      return importFolder(await workspace(), allowed, mode, readSource);
    },
    workspaceOpenDocument: async ({ workspaceDocumentId }) => {
      const ws = await workspace();
      const { text, ...state } = await ws.loadDocument(workspaceDocumentId);
      // Its PDF, where it has one (a referenced PDF, or a copy's stored one): the page view shows it (sourcePdf).
      const pdf = await ws.pdf(workspaceDocumentId).catch(() => null);
      const sourceFile = pdf ? await sourceFileOf(pdf.file) : null;
      const doc = documents.add({
        info: { name: state.summary.name, chars: text.length, sha256: state.source.state === 'changed' ? state.source.currentSha256 : state.summary.sha256 },
        text,
        sourceFormat: state.summary.sourceFormat,
        ...(pdf && sourceFile ? { sourceMap: pdf.map, sourceFile } : {}),
      });
      toWorkspace.set(doc.id, workspaceDocumentId);
      events.emit({ type: 'document-opened', document: summarize(doc) });
      return { document: toOpenedDocument(doc), state };
    },
    workspaceSaveCorrection: async (params) => {
      const ws = await workspace();
      const { workspaceDocumentId, basedOnStrategy } = params;
      const basis = () => basisOf(ws, workspaceDocumentId, basedOnStrategy);
      // The change from the correction the page last saved; the whole one where it holds none.
      return 'change' in params
        ? ws.saveCorrectionChange(workspaceDocumentId, params.change, basis)
        : ws.saveCorrection(workspaceDocumentId, params.segmentation, basis);
    },
    workspaceClearCorrection: async ({ workspaceDocumentId }) => {
      const cleared = await (await workspace()).clearCorrection(workspaceDocumentId);
      if (cleared) events.emit({ type: 'workspace-correction-cleared', workspaceDocumentId });
      return { cleared };
    },
    workspaceReadCorrection: async ({ workspaceDocumentId }) => (await workspace()).readCorrection(workspaceDocumentId),
    workspaceReanchor: async ({ workspaceDocumentId, apply }) => reanchorDocument(await workspace(), workspaceDocumentId, apply),
    workspaceBatchRun: async ({ strategy, options, workspaceDocumentIds }, { caller }) => {
      const ws = await workspace();
      const ids = workspaceDocumentIds ?? (await ws.store.documentIds());
      const job = jobs.start<'batch'>({ kind: 'batch', strategy }, async ({ signal, report }) => ({
        // Cancelled, the batch still answers the documents it did: the job ends `cancelled` with them.
        outcomes: await runBatch(ws, {
          ids,
          strategy,
          options,
          runStrategy: withLearnedModel(deps.runStrategy, settings),
          signal,
          onProgress: (progress) => report({ stage: 'running', progress }),
          // On inference servers several documents go at once: their windows fill the endpoints' slots;
          // on the local engine as many as its sequences, whose windows share them (parallel.ts).
          parallel: !(MODEL_STRATEGY_NAMES as readonly string[]).includes(strategy) ? 1 : options.backend === 'remote' ? REMOTE_BATCH_DOCUMENTS : localDocumentsAtOnce(options.parallel),
        }),
      }), undefined, caller);
      batches.add(job.id);
      void jobs.whenEnded(job.id).then(() => batches.delete(job.id));
      return { batchId: job.id };
    },
    workspaceExportBatch: async ({ format, include }) => exportBatch(await workspace(), format, { include }),
    workspaceTrainLearned: async ({ include, exclude, useEmbeddingModel, training }, { caller }) => {
      if (jobs.list('train').some((job) => job.status === 'running')) {
        throw new WorkbenchError(wireErrorCodes.unavailable, 'a training is already under way: wait for it or cancel it');
      }
      const ws = await workspace();
      // The embedding model only when the person chose it: it costs a model call per sentence.
      const embeddingModelFile = useEmbeddingModel === true ? await settings.embeddingModel(true) : null;
      const job = jobs.start<'train'>({ kind: 'train' }, async ({ signal, report }) => {
        // Imported on first use: training may load node-llama-cpp (embeddings), which the main
        // process must not load at start-up.
        const { trainFromWorkspace } = await import('../../workspace/train-workspace');
        const trained = await trainFromWorkspace(ws, { include, exclude, embeddingModelFile, threads: settings.threads, training, signal, onProgress: throttledProgress(report) });
        settings.learnedModelFile = trained.modelFile;
        return trained;
      }, undefined, caller);
      return { jobId: job.id };
    },
  };
}
