import { documentHandlers } from './handlers/documents';
import { exportHandlers } from './handlers/export';
import { hostHandlers } from './handlers/host';
import { jobHandlers } from './handlers/jobs';
import { modelHandlers } from './handlers/models';
import { retrievalHandlers } from './handlers/retrieval';
import { runHandlers } from './handlers/runs';
import { sourcePdfHandlers } from './handlers/source-pdf';
import type { HandlerScope, HandlerTable } from './handlers/types';
import { workspaceHandlers } from './handlers/workspace';

/** Every contract method, mapped to the domain module that serves it. */
export function createHandlerTable(scope: HandlerScope): HandlerTable {
  return {
    ...documentHandlers(scope),
    ...sourcePdfHandlers(scope),
    ...runHandlers(scope),
    ...jobHandlers(scope),
    ...exportHandlers(scope),
    ...modelHandlers(scope),
    ...hostHandlers(scope),
    ...retrievalHandlers(scope),
    ...workspaceHandlers(scope),
  };
}
