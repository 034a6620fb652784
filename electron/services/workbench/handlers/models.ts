import type { HandlerScope, Handlers } from './types';

/** The model manager, as the UI sees it: listing, a health report, downloads with progress, import. */
export function modelHandlers(scope: HandlerScope): Handlers<'listModels' | 'doctor' | 'listEndpoints' | 'pullModel' | 'importModel'> {
  const { deps, pulls } = scope;
  return {
    listModels: async () => deps.models.list(),
    doctor: async () => deps.models.doctor(),
    listEndpoints: async () => deps.models.endpoints(),
    pullModel: async ({ profile }) => ({ pullId: pulls.start(profile) }),
    importModel: async ({ path }) => deps.models.import(path),
  };
}
