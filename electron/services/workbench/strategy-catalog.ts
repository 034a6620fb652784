import { RULE_STRATEGIES } from '../../../shared/strategies';
import type { StrategyInfo } from '../../../shared/ipc/contract';
import type { LocationOptions } from '../platform/app-paths';
import { MODEL_STRATEGIES } from '../../../shared/strategies/model-strategies';
import { learnedStrategyInfo } from '../learn/workbench-model';

/**
 * Every strategy the UI may offer: the rule ones always, the model ones with `available` from
 * their default profile's readiness (its files installed) and `reason` naming what is missing.
 */
export async function listStrategyInfo(locations: LocationOptions): Promise<StrategyInfo[]> {
  const rules: StrategyInfo[] = RULE_STRATEGIES.map((s) => ({ name: s.name, kind: 'rules', description: s.description, available: true }));
  // Profiles are read lazily: listing them never loads llama.cpp, but it touches the disk.
  const { listProfiles, defaultProfileName } = await import('../inference/profiles');
  const profiles = await listProfiles(locations);
  const models = MODEL_STRATEGIES.map(({ name, description }): StrategyInfo => {
    const profileName = defaultProfileName(name);
    const profile = profiles.find((p) => p.name === profileName);
    if (!profile) return { name, kind: 'model', description, available: false, reason: `no profile named '${profileName}'` };
    if (profile.error) return { name, kind: 'model', description, available: false, reason: profile.error };
    if (!profile.ready) {
      const reason = `missing ${profile.missing.join('; ')}`;
      return { name, kind: 'model', description: profile.description ?? description, available: false, reason };
    }
    return { name, kind: 'model', description: profile.description ?? description, available: true };
  });
  return [...rules, learnedStrategyInfo(), ...models];
}
