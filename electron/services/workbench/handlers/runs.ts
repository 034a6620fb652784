import { wireErrorCodes } from '../../../../shared/ipc/wire';
import { WorkbenchError } from '../errors';
import type { HandlerScope, Handlers } from './types';
import { withLearnedAvailability } from '../../learn/workbench-model';

export function runHandlers(scope: HandlerScope): Handlers<'startRun' | 'cancelRun' | 'listRuns' | 'listStrategies'> {
  const { deps, documents, runs, settings } = scope;
  const strategies = async () => withLearnedAvailability(await deps.listStrategies(), settings.learnedModelFile);
  return {
    startRun: async ({ documentId, strategy, options }) => {
      const doc = documents.get(documentId);
      const known = (await strategies()).find((s) => s.name === strategy);
      if (!known) throw new WorkbenchError(wireErrorCodes.badInput, `unknown strategy '${strategy}'`);
      // A named profile may be ready when the default one is not; the runner then decides.
      if (!known.available && options.profile === undefined) {
        throw new WorkbenchError(wireErrorCodes.unavailable, `strategy ${strategy} is not available: ${known.reason ?? 'its model files are missing'}`);
      }
      return { runId: runs.start(doc, strategy, options).runId };
    },
    cancelRun: async ({ runId }) => ({ cancelled: runs.cancel(runId) }),
    listRuns: async ({ documentId }) => runs.list(documentId),
    listStrategies: strategies,
  };
}
