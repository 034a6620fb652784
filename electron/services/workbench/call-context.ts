/** Who is calling: handlers never depend on the transport, but host info reports it. */
export interface CallContext {
  transport: 'electron' | 'web' | 'local';
}

/**
 * What a handler knows of its caller. `fromHost` is true only for the host's own calls
 * (`service.request`: native dialogs, start-up); every call from a transport (`service.call`) is a
 * client's, whose paths go through the PathGate.
 */
export interface HandlerContext extends CallContext {
  fromHost: boolean;
}
