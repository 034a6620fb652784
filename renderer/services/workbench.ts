/**
 * The one way the renderer reaches the services. Components never call this: the service
 * modules next to it do, and write what comes back into the stores.
 */
import type { WorkbenchApi } from '../../shared/ipc/contract';
import { getWorkbench } from '../ipc';

let replacement: WorkbenchApi | null = null;

export function workbench(): WorkbenchApi {
  return replacement ?? getWorkbench();
}

/**
 * Serves the app from another implementation of the same contract: the UI benchmark feeds a
 * generated document this way, and store tests a recording double. Call it before start-up.
 */
export function replaceWorkbench(api: WorkbenchApi | null): void {
  replacement = api;
}
