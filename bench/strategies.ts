/**
 * Which strategies a benchmark can run here: the workbench's own catalog (every model-free
 * strategy, and each model strategy with whether its profile's files are installed). The
 * profile search path and models folder honour WORKBENCH_PROFILES_DIR and WORKBENCH_MODELS_DIR,
 * which is how tests point the benchmark at the tiny fixture models.
 */
import { listStrategyInfo } from '../electron/services/workbench/strategy-catalog';

export interface BenchStrategy {
  name: string;
  kind: 'rules' | 'model';
  available: boolean;
  /** Why a model strategy cannot run, when it cannot. */
  reason?: string;
}

export async function listBenchStrategies(): Promise<BenchStrategy[]> {
  return (await listStrategyInfo({})).map(({ name, kind, available, reason }) => ({ name, kind, available, ...(reason ? { reason } : {}) }));
}
