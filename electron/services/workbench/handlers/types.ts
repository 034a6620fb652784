import type { MethodName, MethodResults, ParamsOf } from '../../../../shared/ipc/contract';
import type { WorkbenchDeps } from '../deps';
import type { DocumentRegistry } from '../document-registry';
import type { EventBus } from '../event-bus';
import type { JobRegistry } from '../../jobs/registry';
import type { RunManager } from '../run-manager';
import type { PathGate } from '../path-gate';
import type { PullManager } from '../pull-manager';
import type { PickedFiles } from '../picked-files';
import type { EmbeddingModelSource } from '../../learn/workbench-model';

export type { CallContext, HandlerContext } from '../call-context';
import type { HandlerContext } from '../call-context';

export type Handler<M extends MethodName> = (params: ParamsOf<M>, context: HandlerContext) => Promise<MethodResults[M]>;

/** Handlers for a subset of the contract: each domain module provides one. */
export type Handlers<K extends MethodName> = { [M in K]: Handler<M> };

/** The complete table: a contract method without a handler fails to type-check. */
export type HandlerTable = Handlers<MethodName>;

export interface ServiceSettings {
  /** resources/ (or the packaged app's resources): sample/ and profiles/ live here. */
  resourcesDir: string;
  workspaceDir: string | null;
  /** Folders besides the workspace that clients may name paths in (`serve --allow-dir`). */
  allowedDirs: string[];
  /** The open workspace's trained model for `learned`, if it has one (kept current by the workspace handlers). */
  learnedModelFile: string | null;
  /** The embedding model for `learned` (the host's setting, else an installed embedding model), if any. */
  embeddingModel: EmbeddingModelSource;
  /** The host's CPU threads (WORKBENCH_THREADS) as the user gave them: Train from corrections' embedding model runs on them. */
  threads?: number | string;
  version: string;
  defaultStrategy: string;
}

/** The state and dependencies every domain module's handlers close over. */
export interface HandlerScope {
  deps: WorkbenchDeps;
  documents: DocumentRegistry;
  /** Every long job (runs, pulls, workspace batches, trainings): one model, one cancel. */
  jobs: JobRegistry;
  runs: RunManager;
  pulls: PullManager;
  events: EventBus;
  settings: ServiceSettings;
  /** Checks every path a client names (see path-gate.ts). */
  paths: PathGate;
  /** Files the host picked in a native dialog, which clients name by id (picked-files.ts). */
  picks: PickedFiles;
  /** Shutdown work a domain module registers (e.g. writing pending autosaves); run by dispose. */
  disposers?: (() => Promise<void>)[];
}
