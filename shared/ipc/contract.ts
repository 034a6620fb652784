/**
 * The one contract between the UI and the services. Both transports (Electron IPC and the web
 * host's WebSocket) carry `{ method, params }` calls validated against `paramSchemas`, and
 * push `WorkbenchEvent`s. The renderer sees it as `window.workbench: WorkbenchApi`.
 * Everything here is serialisable: native handles never leave the main process.
 */
import { z } from 'zod';
import { chunkOptionsSchema, TOKENIZER_NAMES } from '../chunks/options';
import type { DocumentSummary, OpenedDocument } from '../document/opened';
import { segmentationResultSchema } from '../document/schema';
import { segmentationDeltaSchema } from '../edit/segmentation-delta';
import { trainingOptionsSchema } from '../learn/training-options';
import { readOptionsSchema } from '../document/reader-report';
import { FORMAT_NAMES, type ExportFormat } from '../formats';
import type { ExportedFile } from '../formats/export-file';
import { runOptionsSchema, strategyNameSchema } from '../strategies/run-options';
import { IMPORT_PURPOSES, type ImportPurpose } from '../models/import-purpose';
import { installedFileProblem } from '../models/model-file-name';
import { SERVER_KINDS, type EndpointSource, type ServerKind } from '../models/inference-servers';
import type { VariantFigures } from '../selftest/score';
import type { WorkspaceEvent, WorkspaceMethodResults } from '../workspace/types';
import { jobIdSchema, jobStatusSchema, type Job, type RunJob } from './jobs';
import type { NativeState } from './native-state';
import { rangeListSchema } from './range-list';

// Written once elsewhere in shared/; re-exported because every side reaches them through the contract.
export { segmentationResultSchema } from '../document/schema';
export type { DocumentSummary, OpenedDocument } from '../document/opened';
export { readerReportSchema, readOptionsSchema, type ReaderReport, type ReadOptions } from '../document/reader-report';
export { runOptionsSchema, strategyNameSchema, type RunOptions } from '../strategies/run-options';
export * from './jobs';

/** The export formats, from their declarations (shared/formats). */
export const exportFormatSchema = z.enum(FORMAT_NAMES);
export type { ExportFormat };

const documentIdSchema = z.string().min(1).max(128);

/** An installed model file as listModels names it: relative to the models folder, never leaving it. */
const installedFileParam = z
  .string()
  .min(1)
  .max(1024)
  .refine((file) => installedFileProblem(file) === null, { message: 'not a file of the models folder' });

const workspaceDocumentIdParam = z.string().min(1).max(96);
const correctionSelectionSchema = z.enum(['edited', 'reviewed']);
const correctionStrategyParam = z.string().min(1).max(64).nullable();

/**
 * A correction as the change from the one saved at `baseRevision`, whose digest the host answered
 * the save that made it with (or the page computed from the correction it opened).
 */
export const correctionChangeSchema = segmentationDeltaSchema
  .extend({ baseRevision: z.number().int().positive(), baseDigest: z.string().regex(/^[0-9a-f]{16}$/) })
  .strict();

/** The workspace methods (issue 5): documents, runs and hand corrections kept in a folder. */
export const workspaceParamSchemas = {
  workspaceInfo: z.object({}).strict(),
  workspaceOpen: z.object({ dir: z.string().min(1).max(4096) }).strict(),
  /** The usable documents: a damaged one is left out here and listed by workspaceListDamaged. */
  workspaceListDocuments: z.object({}).strict(),
  workspaceListDamaged: z.object({}).strict(),
  /** Repairs a damaged document (sets the bad file aside or rebuilds its record) or removes it (moved aside). */
  workspaceRepairDocument: z.object({ workspaceDocumentId: workspaceDocumentIdParam, action: z.enum(['repair', 'remove']) }).strict(),
  /** Copies an open document (by its session id) into the workspace. */
  workspaceAddDocument: z.object({ documentId: documentIdSchema }).strict(),
  workspaceImportFolder: z.object({ path: z.string().min(1).max(4096), mode: z.enum(['copy', 'reference']) }).strict(),
  /** Opens a workspace document in the session: it gets a session id like any opened file. */
  workspaceOpenDocument: z.object({ workspaceDocumentId: workspaceDocumentIdParam }).strict(),
  /**
   * Resolves once the correction (or a later one) is durably saved: autosave is debounced to at
   * most 1 s. A page sends the change against the correction the host answered its last save
   * with (`change`); the whole `segmentation` only when it holds no such base: its first save of
   * the document, or when a change the host refused as `stale-base` cannot be carried over onto
   * the current correction (workspaceReadCorrection; docs/editing-and-workspace.md).
   */
  workspaceSaveCorrection: z.union([
    z
      .object({
        workspaceDocumentId: workspaceDocumentIdParam,
        segmentation: segmentationResultSchema.shape.segmentation,
        /** The strategy whose run the correction started from ('corrected': keep what is recorded). */
        basedOnStrategy: correctionStrategyParam,
      })
      .strict(),
    z.object({ workspaceDocumentId: workspaceDocumentIdParam, change: correctionChangeSchema, basedOnStrategy: correctionStrategyParam }).strict(),
  ]),
  /** The document has no correction any more: a person's edits were undone back to a machine result. */
  workspaceClearCorrection: z.object({ workspaceDocumentId: workspaceDocumentIdParam }).strict(),
  /**
   * The correction the host builds the document's changes on now (revision, digest, segmentation),
   * or null: none. Reads only: nothing opened, noted or written (a page refused with `stale-base`
   * rebases its change onto it; renderer/services/correction-sync.ts).
   */
  workspaceReadCorrection: z.object({ workspaceDocumentId: workspaceDocumentIdParam }).strict(),
  workspaceReanchor: z.object({ workspaceDocumentId: workspaceDocumentIdParam, apply: z.boolean() }).strict(),
  workspaceBatchRun: z
    .object({ strategy: strategyNameSchema, options: runOptionsSchema, workspaceDocumentIds: z.array(workspaceDocumentIdParam).max(100_000).optional() })
    .strict(),
  /** `include`: every edited document (the default) or only the fully reviewed ones. */
  workspaceExportBatch: z.object({ format: z.enum(['training', 'wiki727k']), include: correctionSelectionSchema.optional() }).strict(),
  /**
   * Trains the `learned` strategy on the workspace's corrected documents (`include` as for the
   * export, `exclude` left out by id) and saves it there. The embedding model is used only when
   * `useEmbeddingModel` asks for it. Answers the training job's id at once; its progress and
   * report come as `job` events (one training at a time).
   */
  workspaceTrainLearned: z
    .object({
      include: correctionSelectionSchema.optional(),
      exclude: z.array(workspaceDocumentIdParam).max(100_000).optional(),
      useEmbeddingModel: z.boolean().optional(),
      /** The declared training options (shared/learn/training-options.ts); each left out takes its default. */
      training: trainingOptionsSchema.optional(),
    })
    .strict(),
} as const;

/** Parameter schemas, one per method. A call whose params fail here never reaches a service. */
export const paramSchemas = {
  /** `read`: plain text instead of Markdown, or a legacy encoding for a text or HTML file. */
  openDocument: z.object({ name: z.string().min(1).max(1024), dataBase64: z.string().max(200_000_000), read: readOptionsSchema.optional() }).strict(),
  openPath: z.object({ path: z.string().min(1).max(4096), read: readOptionsSchema.optional() }).strict(),
  /**
   * Opens the file the desktop's File › Open Document picked (the menu's `open-picked-document`
   * names it by `pickId`: the renderer never names that path), read as `read` says.
   */
  openPicked: z.object({ pickId: z.string().min(1).max(64), read: readOptionsSchema.optional() }).strict(),
  openSample: z.object({}).strict(),
  listStrategies: z.object({}).strict(),
  startRun: z.object({ documentId: documentIdSchema, strategy: strategyNameSchema, options: runOptionsSchema }).strict(),
  exportResult: z
    .object({ result: segmentationResultSchema, documentId: documentIdSchema, format: exportFormatSchema, chunks: chunkOptionsSchema.optional() })
    .strict(),
  /** Token counts of text ranges of an open document, by the tokenizer the person picked (counted by the host, off the UI thread). */
  countTokens: z
    .object({
      documentId: documentIdSchema,
      tokenizer: z.enum(TOKENIZER_NAMES),
      ranges: rangeListSchema(200_000),
    })
    .strict(),
  listModels: z.object({}).strict(),
  doctor: z.object({}).strict(),
  listEndpoints: z.object({}).strict(),
  /**
   * Adds an inference server from the Models screen; kept in the models folder across restarts.
   * `apiKey` is sent to that server alone and never comes back (listEndpoints says only `hasKey`).
   * Without `kind` the server's kind is detected.
   */
  addEndpoint: z
    .object({ url: z.string().min(1).max(2048), kind: z.enum(SERVER_KINDS).optional(), apiKey: z.string().max(4096).optional() })
    .strict(),
  /** Removes a server added from the Models screen, by its URL as listEndpoints shows it. */
  removeEndpoint: z.object({ url: z.string().min(1).max(2048) }).strict(),
  pullModel: z.object({ profile: z.string().min(1).max(256) }).strict(),
  /** `purpose` (default `file`): what the file is for; it is installed under the name its profile expects (shared/models/import-purpose.ts). */
  importModel: z.object({ path: z.string().min(1).max(4096), purpose: z.enum(IMPORT_PURPOSES).optional() }).strict(),
  /**
   * Imports the file the desktop's File › Import Model File picked (the menu's
   * `choose-model-purpose` names it by `pickId`: the renderer never names that path) for `purpose`.
   */
  importPickedModel: z.object({ pickId: z.string().min(1).max(64), purpose: z.enum(IMPORT_PURPOSES) }).strict(),
  // Mending an installed file from the Models screen; `file` as listModels lists it (inside the models folder, shared/models/model-file-name.ts).
  renameModel: z.object({ file: installedFileParam, to: z.string().min(1).max(1024) }).strict(),
  deleteModel: z.object({ file: installedFileParam }).strict(),
  /** Replaces an installed file with the file at `path` (verified as an import is, of the same kind), keeping the installed name. */
  replaceModel: z.object({ file: installedFileParam, path: z.string().min(1).max(4096) }).strict(),
  /** `models selftest`: every prompt layout of the profiles (default: the ready ones); `apply` keeps the best. */
  modelSelftest: z.object({ profiles: z.array(z.string().min(1).max(256)).max(32).optional(), apply: z.boolean().optional() }).strict(),
  /**
   * The retrieval test's dense scores: the cosine of the question's embedding with each chunk's
   * (`ranges` of the open document), by the host's embedding model; an empty question scores nothing.
   */
  denseScores: z
    .object({
      documentId: documentIdSchema,
      question: z.string().max(10_000),
      ranges: rangeListSchema(200_000),
    })
    .strict(),
  // Session state, so a renderer that (re)loads can catch up with what the service holds.
  getHostInfo: z.object({}).strict(),
  listDocuments: z.object({}).strict(),
  getDocument: z.object({ documentId: documentIdSchema }).strict(),
  closeDocument: z.object({ documentId: documentIdSchema }).strict(),
  /** The bytes of the PDF an open document was read from by path, for the page view (handlers/source-pdf.ts). */
  sourcePdf: z.object({ documentId: documentIdSchema }).strict(),
  listRuns: z.object({ documentId: documentIdSchema.optional() }).strict(),
  /**
   * Stops a job of any kind (a run, a pull, a workspace batch, a training): false when it has
   * already ended. A cancelled pull keeps what arrived, so pulling again resumes it; a cancelled
   * training keeps the previous model.
   */
  cancelJob: z.object({ id: jobIdSchema }).strict(),
  /**
   * The jobs the service holds (every kind; running, and ended within the last five minutes), or
   * only those of one status: a page that (re)loads catches up on the jobs already under way.
   */
  listJobs: z.object({ status: jobStatusSchema.optional() }).strict(),
  ...workspaceParamSchemas,
} as const;

export type MethodName = keyof typeof paramSchemas;
/** Every method, in contract order: the preload and the WebSocket client generate their API from it. */
export const methodNames = Object.keys(paramSchemas) as MethodName[];

export function isMethodName(name: unknown): name is MethodName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(paramSchemas, name);
}
export type ParamsOf<M extends MethodName> = z.infer<(typeof paramSchemas)[M]>;

export interface HostInfo {
  /** Which transport carries this session: the Electron window or the local web host. */
  transport: 'electron' | 'web' | 'local';
  version: string;
  /** The workspace folder the host was started on, if any. */
  workspaceDir: string | null;
  /** The strategy a freshly opened document is segmented with. */
  defaultStrategy: string;
}

export interface StrategyInfo {
  name: string;
  kind: 'rules' | 'model';
  description: string;
  /** False for a model strategy whose files are not installed; `reason` says what is missing. */
  available: boolean;
  reason?: string;
}

export type { ExportedFile };

export interface InstalledModel {
  file: string;
  kind: 'model' | 'adapter';
  sizeBytes: number;
  architecture?: string;
  metadata: Record<string, string | number | boolean>;
  /** What the file serves, by the name it is installed under (a profile's base or adapter) or its header (an embedding model). */
  purpose?: ImportPurpose;
  /** Where what the file says of itself (its name, general.name, adapter.type, base) disagrees with that purpose (shared/models/purpose-check.ts). */
  warnings?: string[];
}

export interface DoctorReport {
  backend: string;
  devices: string[];
  modelsDir: string;
  profiles: { name: string; ready: boolean; missing: string[] }[];
}

/** One prompt layout variant's self-test figures (shares from 0 to 1; see shared/selftest/score.ts). */
export type SelftestRowInfo = { profile: string; variant: string } & VariantFigures;

export interface SelftestResult {
  scoreRule: string;
  rows: SelftestRowInfo[];
  best: { profile: string; variant: string; score: number }[];
  /** User profile files written (apply). */
  applied: string[];
}

/** One inference server endpoint as `models doctor`, the Run panel and the Models screen show it. */
export interface EndpointHealth {
  /** As shown: without credentials. */
  endpoint: string;
  ok: boolean;
  kind?: 'llama-server' | 'vllm';
  model?: string;
  build?: string | null;
  slots?: number | null;
  contextPerSlot?: number | null;
  /** Adapter files (llama-server) or LoRA module names (vLLM). */
  adapters?: string[];
  /** Requests in flight the remote backend would use. */
  concurrency?: number;
  /** Whether a probe text gives the same tokens there as with the local tokenizer (when checked). */
  vocabulary?: 'same' | 'unchecked';
  /** What is wrong and how to fix it. */
  error?: string;
}

/** An endpoint as the Models screen and the Run panel list it: its health, where it comes from, never its key. */
export interface ListedEndpoint extends EndpointHealth {
  source: EndpointSource;
  /** Whether a key (an API key, or a user:password in its URL) goes to it; the key itself never leaves the host. */
  hasKey: boolean;
  /** The kind the person named, if any (else it is detected). */
  namedKind?: ServerKind;
}

/** Results, one per method. */
export interface MethodResults extends WorkspaceMethodResults {
  openDocument: OpenedDocument;
  openPath: OpenedDocument;
  openPicked: OpenedDocument;
  openSample: OpenedDocument;
  listStrategies: StrategyInfo[];
  startRun: { runId: string };
  exportResult: ExportedFile;
  countTokens: { counts: number[] };
  listModels: InstalledModel[];
  doctor: DoctorReport;
  listEndpoints: ListedEndpoint[];
  /** Every endpoint after the change, as listEndpoints reports them. */
  addEndpoint: ListedEndpoint[];
  removeEndpoint: ListedEndpoint[];
  pullModel: { pullId: string };
  importModel: InstalledModel;
  importPickedModel: InstalledModel;
  /** The installed files after the change, as listModels lists them. */
  renameModel: InstalledModel[];
  deleteModel: InstalledModel[];
  replaceModel: InstalledModel[];
  modelSelftest: SelftestResult;
  /** `model`: the embedding model's file name, or null when none is installed (then no scores: BM25 only). */
  denseScores: { model: string | null; scores: number[] };
  getHostInfo: HostInfo;
  listDocuments: DocumentSummary[];
  getDocument: OpenedDocument;
  closeDocument: { closed: boolean };
  sourcePdf: { dataBase64: string; bytes: number };
  /** The runs the service remembers (until their document closes), oldest first. */
  listRuns: RunJob[];
  cancelJob: { cancelled: boolean };
  /** Oldest first, each the job's latest snapshot (as its last `job` event carried it). */
  listJobs: Job[];
}

export type WorkbenchEvent =
  /** A document was opened by anyone: this window, another tab, the File menu or start-up. */
  | { type: 'document-opened'; document: DocumentSummary }
  | { type: 'document-closed'; documentId: string }
  /**
   * A job's whole state (a run, a pull, a workspace batch, a training), pushed whenever it changes
   * (started, progressed, finished, failed, cancelled): a listener keeps the latest snapshot by id.
   */
  | { type: 'job'; job: Job }
  /**
   * A model file was installed (an import), renamed, replaced or deleted, or an inference server added or removed: the strategy
   * list, the profiles' readiness and the endpoints may have changed.
   */
  | { type: 'models-changed' }
  /** A native menu item the renderer acts on (Electron only), e.g. File > Export. */
  | ({ type: 'menu-command' } & MenuCommand)
  /** What the host has loaded (backend, model, context, tokenizers, embedders), whole, when it changes. */
  | { type: 'native-state'; state: NativeState }
  | WorkspaceEvent;

/**
 * What a native menu asks of the window it belongs to (Electron only; sent to that window alone,
 * never broadcast): export the shown result, open the file File > Open Document picked with the
 * window's read options (`pickId` names it to openPicked, `path` is only shown), refresh the
 * workspace view after File > Open Workspace Folder or Import Folder, or ask what the file
 * File > Import Model File picked is for (the Models screen's purpose chooser; `path` is shown,
 * `pickId` names the file to importPickedModel).
 */
export type MenuCommand =
  | { command: 'export' }
  | { command: 'open-picked-document'; pickId: string; path: string }
  | { command: 'show-workspace'; dir: string }
  | { command: 'choose-model-purpose'; pickId: string; path: string };

/** What `window.workbench` offers: one async function per method, plus the event stream. */
export type WorkbenchApi = {
  [M in MethodName]: (params: ParamsOf<M>) => Promise<MethodResults[M]>;
} & {
  onEvent(listener: (event: WorkbenchEvent) => void): () => void;
};

/** The error shape both transports use. `message` is one line meant for a person. */
export interface WireError {
  message: string;
  code?: string;
}
