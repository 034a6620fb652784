import path from 'node:path';
import type { MethodName, MethodResults, ParamsOf, WorkbenchEvent } from '../../../shared/ipc/contract';
import { wireErrorCodes, type CallOutcome } from '../../../shared/ipc/wire';
import packageJson from '../../../package.json';
import { createDefaultDeps, type DefaultDepsOptions } from './default-deps';
import type { WorkbenchDeps } from './deps';
import { DocumentRegistry } from './document-registry';
import { toWireError, WorkbenchError } from '../../../shared/ipc/workbench-error';
import { EventBus, type EventAudience } from './event-bus';
import { JobRegistry } from '../jobs/registry';
import { forwardNativeState } from './native-events';
import { createHandlerTable } from './handler-table';
import type { CallContext, Handler, HandlerContext, HandlerTable } from './handlers/types';
import { createPathGate } from './path-gate';
import { PullManager } from './pull-manager';
import { PickedFiles, type PickKind } from './picked-files';
import { RunManager } from './run-manager';
import { validateCall } from '../../../shared/ipc/validate-call';
import { embeddingModelSource, withLearnedModel } from '../learn/workbench-model';
import { modelsDir } from '../platform/app-paths';
import { DEFAULT_STRATEGY } from '../../../shared/strategies/default-strategy';

export interface WorkbenchServiceOptions extends DefaultDepsOptions {
  /** Where sample/ and profiles/ live; defaults to ./resources of the working directory. */
  resourcesDir?: string;
  workspaceDir?: string;
  /**
   * Folders, besides the workspace, that clients (renderer, web pages) may name paths in. Nothing
   * else is reachable by path from a client; the host's own `request`s are not limited.
   */
  allowedDirs?: readonly string[];
  /**
   * The embedding model (GGUF) `learned` trains and runs with; default: the host's setting
   * (WORKBENCH_EMBEDDING_MODEL), else the first installed model declaring a pooling type; null: none.
   */
  embeddingModel?: string | null;
  /** Replace any dependency (readers, runner, writers, models): hosts use the defaults. */
  deps?: Partial<WorkbenchDeps>;
}

export interface WorkbenchService {
  /**
   * A call from outside (IPC, WebSocket): checked against the contract, then dispatched. Rejects
   * only with a WorkbenchError: a stable code and a one-line message.
   */
  call(method: unknown, rawParams: unknown, context: CallContext): Promise<unknown>;
  /**
   * The same, typed, for the host's own calls (menu, dialogs, start-up): the paths it names are the
   * person's own choice and are not limited to the allowed folders. Never reached by a transport.
   */
  request<M extends MethodName>(method: M, params: ParamsOf<M>, context?: CallContext): Promise<MethodResults[M]>;
  /** Every event, with the connections it is for (null: all); a transport sends each to those only. */
  onEvent(listener: (event: WorkbenchEvent, audience: EventAudience) => void): () => void;
  /**
   * Holds a file the person picked in the host's native dialog, for a client to name by the id
   * returned (openPicked for a document, importPickedModel for a model) without naming its path.
   * Never reached by a transport.
   */
  holdPickedFile(path: string, kind: PickKind): string;
  /** Cancels runs and downloads, waits for them, and refuses further calls. */
  dispose(): Promise<void>;
}

export { DEFAULT_STRATEGY };

/** The workbench's services, once, with no transport: Electron IPC and the web host both wrap this. */
export function createWorkbenchService(options: WorkbenchServiceOptions = {}): WorkbenchService {
  const resourcesDir = path.resolve(options.resourcesDir ?? 'resources');
  const deps: WorkbenchDeps = {
    // A user's profiles folder (the host's setting) wins over the built-in one, as in the desktop app and the CLI.
    ...createDefaultDeps({ ...options, profilesDir: options.profilesDir ?? options.settings?.profilesDir ?? path.join(resourcesDir, 'profiles') }),
    ...options.deps,
  };
  const events = new EventBus();
  const jobs = new JobRegistry((job, audience) => events.emit({ type: 'job', job }, audience));
  const workspaceDir = options.workspaceDir ? path.resolve(options.workspaceDir) : null;
  const allowedDirs = (options.allowedDirs ?? []).map((dir) => path.resolve(dir));
  const settings = {
    resourcesDir,
    workspaceDir,
    allowedDirs,
    learnedModelFile: null as string | null,
    threads: options.settings?.threads,
    embeddingModel: embeddingModelSource(
      options.embeddingModel === undefined ? (options.settings?.embeddingModel ?? null) : options.embeddingModel,
      modelsDir({ modelsDir: options.modelsDir ?? options.settings?.modelsDir }),
    ),
    version: packageJson.version,
    defaultStrategy: DEFAULT_STRATEGY,
  };
  const scope = {
    deps,
    events,
    jobs,
    documents: new DocumentRegistry(),
    runs: new RunManager(withLearnedModel(deps.runStrategy, settings), jobs),
    pulls: new PullManager(deps.models, jobs),
    disposers: [] as (() => Promise<void>)[],
    paths: createPathGate([...(workspaceDir ? [workspaceDir] : []), ...allowedDirs]),
    picks: new PickedFiles(),
    settings,
  };
  const handlers: HandlerTable = createHandlerTable(scope);
  const stopNativeState = forwardNativeState((event) => events.emit(event));
  scope.disposers.push(async () => stopNativeState());
  let disposed = false;

  async function dispatch(method: MethodName, params: unknown, context: HandlerContext): Promise<unknown> {
    if (disposed) throw new WorkbenchError(wireErrorCodes.unavailable, 'the workbench service is shutting down');
    const handler = handlers[method] as Handler<MethodName>;
    try {
      return await handler(params as ParamsOf<MethodName>, context);
    } catch (err) {
      // Whatever a handler throws leaves the service as a coded, one-line WorkbenchError.
      const wire = toWireError(err);
      throw new WorkbenchError(wire.code ?? wireErrorCodes.internal, wire.message);
    }
  }

  return {
    async call(method, rawParams, context) {
      const checked = validateCall(method, rawParams);
      // Whatever the transport claims, a call from outside is a client's.
      return dispatch(checked.method, checked.params, { transport: context.transport, caller: context.caller, fromHost: false });
    },
    async request(method, params, context = { transport: 'local' }) {
      const checked = validateCall(method, params);
      return dispatch(checked.method, checked.params, { transport: context.transport, caller: context.caller, fromHost: true }) as Promise<MethodResults[typeof method]>;
    },
    onEvent: (listener) => events.on(listener),
    holdPickedFile: (path, kind) => scope.picks.hold(path, kind),
    async dispose() {
      disposed = true;
      await Promise.all([jobs.dispose(), ...scope.disposers.map((d) => d())]);
      events.clear();
    },
  };
}

/**
 * One call from a transport, start to finish: the request's shape is checked, then the service
 * answers; whatever goes wrong becomes an `{ ok: false }` outcome, never an exception.
 */
export async function callOutcome(service: WorkbenchService, request: unknown, context: CallContext): Promise<CallOutcome> {
  try {
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      throw new WorkbenchError(wireErrorCodes.malformedCall, 'a call must be an object { method, params }');
    }
    const { method, params } = request as { method?: unknown; params?: unknown };
    return { ok: true, result: await service.call(method, params ?? {}, context) };
  } catch (err) {
    return { ok: false, error: toWireError(err) };
  }
}
