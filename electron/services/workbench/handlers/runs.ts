import { requireStrategy } from '../../../../shared/strategies/catalog';
import { wireErrorCodes } from '../../../../shared/ipc/wire';
import { WorkbenchError } from '../../../../shared/ipc/workbench-error';
import type { HandlerScope, Handlers } from './types';
import { withLearnedAvailability } from '../../learn/workbench-model';

export function runHandlers(scope: HandlerScope): Handlers<'startRun' | 'listRuns' | 'listStrategies'> {
  const { deps, documents, runs, settings } = scope;
  const strategies = async () => withLearnedAvailability(await deps.listStrategies(), settings.learnedModelFile);
  return {
    startRun: async ({ documentId, strategy, options }, { caller }) => {
      const doc = documents.get(documentId);
      // The name is checked by the declarations' one check, before a run starts: no profile is read for a rule run.
      const { kind } = requireStrategy(strategy);
      // A model strategy's default profile must have its files (a named profile may be ready when
      // the default one is not, and the runner then decides); learned needs a trained model.
      if ((kind === 'model' && options.profile === undefined) || kind === 'learned') {
        const known = (await strategies()).find((s) => s.name === strategy);
        if (known && !known.available) {
          throw new WorkbenchError(wireErrorCodes.unavailable, `strategy ${strategy} is not available: ${known.reason ?? 'its model files are missing'}`);
        }
      }
      return { runId: runs.start(doc, strategy, options, caller).id };
    },
    listRuns: async ({ documentId }) => runs.list(documentId),
    listStrategies: strategies,
  };
}
