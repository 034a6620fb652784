import { createWorkspaceHandlers } from './workspace-methods';
import type { HandlerScope } from './types';

/** The workspace methods live in electron/services/workspace/; their shutdown joins dispose. */
export function workspaceHandlers(scope: HandlerScope) {
  const { close, ...handlers } = createWorkspaceHandlers(scope);
  scope.disposers?.push(close);
  return handlers;
}
