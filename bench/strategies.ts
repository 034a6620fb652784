/**
 * Which strategies a benchmark can run here: the workbench's own catalog (every model-free
 * strategy, and each model strategy with whether its profile's files are installed) in the
 * folders the benchmark's host settings name (WORKBENCH_PROFILES_DIR and WORKBENCH_MODELS_DIR,
 * read once by the command: that is how tests point the benchmark at the tiny fixture models).
 */
import type { LocationOptions } from '../electron/services/platform/app-paths';
import { listStrategyInfo } from '../electron/services/workbench/strategy-catalog';

export interface BenchStrategy {
  name: string;
  kind: 'rules' | 'model';
  available: boolean;
  /** Why a model strategy cannot run, when it cannot. */
  reason?: string;
}

export async function listBenchStrategies(locations: LocationOptions): Promise<BenchStrategy[]> {
  return (await listStrategyInfo(locations)).map(({ name, kind, available, reason }) => ({ name, kind, available, ...(reason ? { reason } : {}) }));
}
