import type { HandlerScope, Handlers } from './types';

export function hostHandlers(scope: HandlerScope): Handlers<'getHostInfo'> {
  const { settings } = scope;
  return {
    getHostInfo: async (_params, context) => ({
      transport: context.transport,
      version: settings.version,
      workspaceDir: settings.workspaceDir,
      defaultStrategy: settings.defaultStrategy,
    }),
  };
}
