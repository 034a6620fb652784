import path from 'node:path';
import type { Budgets } from '../../shared/budgets/budgets';
import type { RemoteSettings } from '../services/inference/completers/remote/settings';
import type { HubSettings } from '../services/models/hub-settings';
import type { StrategySettings } from '../services/strategies/types';
import { createWorkbenchService, type WorkbenchService } from '../services/workbench';
import { startWebHost, type WebHost } from './server';

export interface ServeOptions {
  port: number;
  /** The repository (or app) root: renderer/dist and resources/ are found from it. */
  rootDir: string;
  workspaceDir?: string;
  /** Folders besides the workspace that pages may name paths in (`serve --allow-dir`). */
  allowedDirs?: readonly string[];
  modelsDir?: string;
  profilesDir?: string;
  /** Document and result limits (shared/budgets); the defaults where not given. */
  budgets?: Partial<Budgets>;
  /** Inference servers for the remote backend (the host reads them from its environment). */
  remote?: RemoteSettings | null;
  /** The host's run settings from its environment (folders, GPU, threads); the options above win. */
  settings?: StrategySettings;
  /** The host's hub settings (endpoint, token) for the models screen's pulls. */
  hub?: HubSettings;
}

export interface ServedWorkbench {
  host: WebHost;
  service: WorkbenchService;
  /** Closes the socket and HTTP server, then cancels runs and downloads. Idempotent. */
  stop(): Promise<void>;
}

/** A service plus its web host: what `cli serve` and `npm start`'s fallback both run. */
export async function serveWorkbench(options: ServeOptions): Promise<ServedWorkbench> {
  const service = createWorkbenchService({
    resourcesDir: path.join(options.rootDir, 'resources'),
    workspaceDir: options.workspaceDir,
    allowedDirs: options.allowedDirs,
    modelsDir: options.modelsDir,
    profilesDir: options.profilesDir,
    budgets: options.budgets,
    remote: options.remote ?? null,
    settings: options.settings,
    hub: options.hub,
  });
  if (options.workspaceDir !== undefined) {
    // Opened (and its lock taken) before the host listens: a second host on the same workspace
    // stops here, naming the one that has it, instead of overwriting its saves later.
    await service.request('workspaceInfo', {}).catch(async (err: unknown) => {
      await service.dispose();
      throw err;
    });
  }
  const host = await startWebHost({ service, rendererDir: path.join(options.rootDir, 'renderer', 'dist'), port: options.port });
  let stopping: Promise<void> | null = null;
  return {
    host,
    service,
    stop: () => (stopping ??= host.close().then(() => service.dispose())),
  };
}

/** Resolves on the first SIGINT or SIGTERM, after stopping the workbench. */
export function stopOnSignals(served: ServedWorkbench): Promise<void> {
  return new Promise((resolve) => {
    const onSignal = () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      void served.stop().then(resolve);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}
