/**
 * Which strategies a benchmark can run here: every model-free one, and each model strategy
 * whose profile has all its files installed (the profile search path and models folder honour
 * WORKBENCH_PROFILES_DIR and WORKBENCH_MODELS_DIR, which is how tests point at the tiny models).
 */
import { RULE_STRATEGIES } from '../../shared/strategies';
import { modelStrategySchema } from '../../shared/profiles/schema';
import { defaultProfileName, listProfiles } from '../services/inference/profiles';

export interface BenchStrategy {
  name: string;
  kind: 'rules' | 'model';
  available: boolean;
  /** Why a model strategy cannot run, when it cannot. */
  reason?: string;
}

export function ruleStrategyNames(): string[] {
  return Object.values(RULE_STRATEGIES).map((s) => s.name);
}

export async function listBenchStrategies(): Promise<BenchStrategy[]> {
  const rules: BenchStrategy[] = ruleStrategyNames().map((name) => ({ name, kind: 'rules', available: true }));
  const profiles = await listProfiles();
  const models: BenchStrategy[] = modelStrategySchema.options.map((name) => {
    const profile = profiles.find((p) => p.name === defaultProfileName(name));
    if (!profile) return { name, kind: 'model', available: false, reason: `no profile named '${defaultProfileName(name)}'` };
    if (profile.error) return { name, kind: 'model', available: false, reason: profile.error };
    if (!profile.ready) return { name, kind: 'model', available: false, reason: `model files missing: ${profile.missing.join('; ')}` };
    return { name, kind: 'model', available: true };
  });
  return [...rules, ...models];
}
