/** Who is calling: handlers never depend on the transport, but host info reports it. */
export interface CallContext {
  transport: 'electron' | 'web' | 'local';
  /**
   * Which connection called (a page's socket, a window), as an opaque id its transport gives: the
   * runs, batches and trainings it starts report to it alone (issue 36). Absent for the host's own calls.
   */
  caller?: string;
}

/**
 * What a handler knows of its caller. `fromHost` is true only for the host's own calls
 * (`service.request`: native dialogs, start-up); every call from a transport (`service.call`) is a
 * client's, whose paths go through the PathGate.
 */
export interface HandlerContext extends CallContext {
  fromHost: boolean;
}
