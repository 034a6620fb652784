import { describe, expect, it } from 'vitest';
import { DocumentQueue } from './document-queue';

/** A promise and the function that settles it: the test decides when a task's work is done. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('DocumentQueue: one order per document', () => {
  it("runs one document's tasks one after another in call order, whatever their outcome; other documents do not wait", async () => {
    const queue = new DocumentQueue();
    const order: string[] = [];
    const first = gate();
    const a1 = queue.run('a', async () => {
      await first.opened;
      order.push('a1');
      throw new Error('a1 failed');
    });
    const a2 = queue.run('a', async () => void order.push('a2'));
    const b1 = queue.run('b', async () => void order.push('b1'));
    await b1;
    expect(order).toEqual(['b1']);
    first.open();
    await expect(a1).rejects.toThrow('a1 failed');
    await a2;
    expect(order).toEqual(['b1', 'a1', 'a2']);
  });

  it('work called inside a turn joins it at once instead of queueing behind itself (which would never end)', async () => {
    const queue = new DocumentQueue();
    const order: string[] = [];
    const waiting = gate();
    const outer = queue.run('a', async () => {
      order.push('outer starts');
      await waiting.opened;
      // Nested, twice: each runs now, inside the outer turn.
      const nested = await queue.run('a', async () => queue.run('a', async () => (order.push('nested'), queue.holds('a'))));
      order.push('outer ends');
      return nested;
    });
    const later = queue.run('a', async () => void order.push('later'));
    waiting.open();
    expect(await outer).toBe(true);
    await later;
    expect(order).toEqual(['outer starts', 'nested', 'outer ends', 'later']);
    expect(queue.holds('a')).toBe(false);
  });

  it("work a turn left running queues like any other call once the turn has ended; `fresh` queues even during it", async () => {
    const queue = new DocumentQueue();
    const order: string[] = [];
    let leftRunning: Promise<void> | undefined;
    let freshOne: Promise<void> | undefined;
    const release = gate();
    await queue.run('a', async () => {
      // Started inside the turn, awaited after it: it must not count as the turn's.
      leftRunning = release.opened.then(() => queue.run('a', async () => void order.push('left running')));
      freshOne = queue.run('a', async () => void order.push('fresh'), { fresh: true });
      order.push('turn ends');
    });
    const blocker = gate();
    const holding = queue.run('a', async () => {
      await blocker.opened;
      order.push('next turn');
    });
    release.open();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The left-running call waits behind the turn that holds the document now.
    expect(order).toEqual(['turn ends', 'fresh']);
    blocker.open();
    await holding;
    await leftRunning;
    await freshOne;
    expect(order).toEqual(['turn ends', 'fresh', 'next turn', 'left running']);
  });

  it('idle waits for tasks queued meanwhile too', async () => {
    const queue = new DocumentQueue();
    const done: string[] = [];
    void queue.run('a', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      void queue.run('b', async () => void done.push('b, queued by a'), { fresh: true });
      done.push('a');
    });
    await queue.idle();
    expect(done).toEqual(['a', 'b, queued by a']);
  });
});
