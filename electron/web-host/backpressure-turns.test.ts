/**
 * A connection's calls start one per turn of the event loop (issue 36): 120 calls that came in one
 * read were all started in one turn, and another client's call waited behind the whole burst.
 * The connection here is a stand-in with ws's pause/resume surface; the limits are the real ones.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { ConnectionBackpressure } from './backpressure';

class StandInSocket extends EventEmitter {
  isPaused = false;
  pause(): void {
    this.isPaused = true;
  }
  resume(): void {
    this.isPaused = false;
  }
  close(): void {
    this.emit('close');
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('calls of one connection', () => {
  it('start one per turn, in the order they came, the socket held while some wait', async () => {
    const socket = new StandInSocket();
    const pressure = new ConnectionBackpressure(socket as unknown as WebSocket, { maxInFlightCalls: 32, pauseAtBytes: 1 << 20, closeAtBytes: 2 << 20 });
    const started: number[] = [];
    for (let i = 0; i < 5; i++) pressure.startCall((done) => {
      started.push(i);
      done();
    });
    expect(started).toEqual([0]);
    expect(socket.isPaused).toBe(true);
    for (let turn = 2; turn <= 5; turn++) {
      await nextTurn();
      expect(started).toEqual([0, 1, 2, 3, 4].slice(0, turn));
    }
    await nextTurn();
    expect(socket.isPaused).toBe(false);
  });

  it('another connection\'s call starts in the next turn, not after the whole burst', async () => {
    const order: string[] = [];
    const burst = new ConnectionBackpressure(new StandInSocket() as unknown as WebSocket);
    const other = new ConnectionBackpressure(new StandInSocket() as unknown as WebSocket);
    for (let i = 0; i < 50; i++) burst.startCall((done) => {
      order.push(`burst ${i}`);
      done();
    });
    // The other client's call comes in the next read.
    await nextTurn();
    other.startCall((done) => {
      order.push('other');
      done();
    });
    while (order.length < 51) await nextTurn();
    expect(order.indexOf('other')).toBeLessThan(4);
  });

  it('still holds at most maxInFlightCalls unanswered', async () => {
    const pressure = new ConnectionBackpressure(new StandInSocket() as unknown as WebSocket, { maxInFlightCalls: 2, pauseAtBytes: 1 << 20, closeAtBytes: 2 << 20 });
    const dones: Array<() => void> = [];
    for (let i = 0; i < 4; i++) pressure.startCall((done) => dones.push(done));
    for (let turn = 0; turn < 5; turn++) await nextTurn();
    expect(dones).toHaveLength(2);
    dones[0]!();
    for (let turn = 0; turn < 3; turn++) await nextTurn();
    expect(dones).toHaveLength(3);
  });
});
