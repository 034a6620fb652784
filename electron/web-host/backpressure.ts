/**
 * Backpressure per WebSocket connection. A client that sends calls and never reads its answers
 * used to grow the host without bound (160 calls: +730 MB), since every answer was queued on the
 * socket whether or not the other end took it. Now each connection holds:
 * - at most `maxInFlightCalls` calls whose answers are not yet handed to the operating system:
 *   further calls wait, unstarted, and the host stops reading the connection (ws pause) until
 *   answers drain, so the client's own sends block in TCP;
 * - reading also stops while more than `pauseAtBytes` of answers and events wait to be flushed;
 * - past `closeAtBytes` waiting (events alone can get there, since they are pushed to every
 *   connection), the connection is closed with 1008 and a reason saying why: the client is not
 *   reading. A browser tab that reads normally never comes near these.
 *
 * And a connection's calls start one per turn of the event loop (issue 36): 120 calls that came in
 * one read were all started in one turn (180 ms here, each validated, dispatched, its job's first
 * snapshot written), and another client's call waited behind the whole burst. Started one per
 * turn, with the loop polling the sockets between them, the other client's call takes its turn.
 */
import type { WebSocket } from 'ws';
import { MAX_MESSAGE_BYTES } from '../../shared/ipc/long-strings';

export interface BackpressureLimits {
  maxInFlightCalls: number;
  pauseAtBytes: number;
  closeAtBytes: number;
}

const MIB = 1024 * 1024;

export const DEFAULT_BACKPRESSURE: BackpressureLimits = {
  maxInFlightCalls: 32,
  pauseAtBytes: 16 * MIB,
  // One largest message past the pause point: a single big answer (a 50 M-character document) is no reason to close.
  closeAtBytes: 16 * MIB + MAX_MESSAGE_BYTES,
};

export const NOT_READING_CLOSE_CODE = 1008;

export class ConnectionBackpressure {
  private inFlight = 0;
  private unflushed = 0;
  private readonly waiting: Array<(done: () => void) => void> = [];
  private closed = false;
  /** A call was started in this turn of the event loop: the next waits for the next turn. */
  private startedThisTurn = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly limits: BackpressureLimits = DEFAULT_BACKPRESSURE,
  ) {
    socket.once('close', () => {
      this.closed = true;
      this.waiting.length = 0;
    });
  }

  /** Runs `call` now or once fewer calls are in flight; it calls `done` when its answer is flushed. */
  startCall(call: (done: () => void) => void): void {
    // A connection closed for not reading answers nothing more.
    if (this.closed) return;
    this.waiting.push(call);
    this.startWaiting();
  }

  /** The callback for ws `send` of `bytes` bytes: counts them until the operating system has them. */
  sending(bytes: number, then?: () => void): () => void {
    this.unflushed += bytes;
    this.update();
    return () => {
      this.unflushed -= bytes;
      then?.();
      this.update();
    };
  }

  /** Starts one waiting call, if one may start and none started in this turn; the next, in a later turn. */
  private startWaiting(): void {
    if (!this.closed && this.inFlight < this.limits.maxInFlightCalls && this.waiting.length > 0 && !this.startedThisTurn) {
      const call = this.waiting.shift()!;
      this.inFlight++;
      this.startedThisTurn = true;
      setImmediate(() => {
        this.startedThisTurn = false;
        this.startWaiting();
      });
      let finished = false;
      call(() => {
        if (finished) return;
        finished = true;
        this.inFlight--;
        this.startWaiting();
      });
    }
    this.update();
  }

  private update(): void {
    if (this.closed) return;
    if (this.unflushed > this.limits.closeAtBytes) {
      this.closed = true;
      this.waiting.length = 0;
      const megabytes = Math.round(this.unflushed / MIB);
      this.socket.close(NOT_READING_CLOSE_CODE, `the client is not reading: ${megabytes} MB of answers and events wait unread`);
      // Read again, so that the client's closing reply is seen and the socket ends without ws's 30 s wait.
      if (this.socket.isPaused) this.socket.resume();
      return;
    }
    const hold = this.inFlight >= this.limits.maxInFlightCalls || this.waiting.length > 0 || this.unflushed >= this.limits.pauseAtBytes;
    if (hold && !this.socket.isPaused) this.socket.pause();
    else if (!hold && this.socket.isPaused) this.socket.resume();
  }
}
