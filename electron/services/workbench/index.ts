export { callOutcome, createWorkbenchService, DEFAULT_STRATEGY } from './service';
export type { WorkbenchService, WorkbenchServiceOptions } from './service';
export type { CallContext } from './handlers/types';
export { followEvents } from './connection-events';
export type { WorkbenchDeps } from './deps';
export { WorkbenchError, toWireError } from '../../../shared/ipc/workbench-error';
