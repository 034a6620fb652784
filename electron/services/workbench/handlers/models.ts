import type { HandlerScope, Handlers } from './types';

/** The model manager, as the UI sees it: listing, a health report, servers, downloads with progress, import, the self-test. */
export function modelHandlers(scope: HandlerScope): Handlers<'listModels' | 'doctor' | 'listEndpoints' | 'pullModel' | 'cancelPull' | 'importModel' | 'modelSelftest'> {
  const { deps, pulls, paths } = scope;
  return {
    listModels: async () => deps.models.list(),
    doctor: async () => deps.models.doctor(),
    listEndpoints: async () => deps.models.endpoints(),
    pullModel: async ({ profile }) => ({ pullId: pulls.start(profile) }),
    cancelPull: async ({ pullId }) => ({ cancelled: pulls.cancel(pullId) }),
    importModel: async ({ path }, context) => deps.models.import(await paths.resolve(path, 'the model file', context)),
    modelSelftest: async ({ profiles, apply }) => deps.models.selftest(profiles ?? [], apply ?? false),
  };
}
