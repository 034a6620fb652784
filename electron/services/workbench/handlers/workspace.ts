import type { HandlerScope, Handlers } from './types';

/**
 * The slot for the workspace service (electron/services/workspace/): when workspace methods join
 * the contract, their handlers are returned from here, built on `scope` (settings.workspaceDir,
 * the document registry and the event bus). The handler table then type-checks again.
 */
export function workspaceHandlers(_scope: HandlerScope): Handlers<never> {
  return {};
}
