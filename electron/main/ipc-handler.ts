/**
 * The logic behind the one IPC channel, free of Electron so it is unit-tested with fake events:
 * the sender must be our window's main frame showing our own renderer, and the call goes through
 * the service's contract validation. Every refusal is an `{ ok: false }` answer; nothing thrown
 * here can reach, let alone stop, the main process.
 */
import { wireErrorCodes, type CallOutcome } from '../../shared/ipc/wire';
import { callOutcome, type WorkbenchService } from '../services/workbench';
import { isAppUrl } from './app-protocol';

/** The parts of a WebFrameMain the check reads. */
export interface FrameLike {
  readonly url: string;
  readonly processId: number;
  readonly routingId: number;
}

/** The parts of IpcMainInvokeEvent the handler reads. */
export interface IpcCallEvent {
  readonly senderFrame: FrameLike | null;
}

export interface IpcCallHandlerOptions {
  service: WorkbenchService;
  /** The main frame of our window, or null when there is none (closed, not loaded). */
  mainFrame: () => FrameLike | null;
  /** The window's id as a caller (CallContext.caller): the jobs it starts report to it alone. */
  caller?: () => string | null;
}

export function isTrustedSender(frame: FrameLike | null, mainFrame: FrameLike | null): boolean {
  if (!frame || !mainFrame) return false;
  const sameFrame = frame.processId === mainFrame.processId && frame.routingId === mainFrame.routingId;
  return sameFrame && isAppUrl(frame.url);
}

export function createIpcCallHandler(options: IpcCallHandlerOptions): (event: IpcCallEvent, request: unknown) => Promise<CallOutcome> {
  return async (event, request) => {
    let trusted = false;
    try {
      trusted = isTrustedSender(event.senderFrame, options.mainFrame());
    } catch {
      // A frame that is gone throws on access: not trusted.
    }
    if (!trusted) {
      return { ok: false, error: { code: wireErrorCodes.forbidden, message: 'calls are only accepted from the workbench window' } };
    }
    return callOutcome(options.service, request, { transport: 'electron', caller: options.caller?.() ?? undefined });
  };
}
