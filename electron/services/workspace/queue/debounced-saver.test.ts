import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DebouncedSaver } from './debounced-saver';

describe('DebouncedSaver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function recorder() {
    const saves: { key: string; value: number; at: number }[] = [];
    let release: (() => void) | null = null;
    let hold = false;
    const save = (key: string, value: number) => {
      saves.push({ key, value, at: Date.now() });
      if (!hold) return Promise.resolve();
      return new Promise<void>((resolve) => (release = resolve));
    };
    return { saves, save, holdNext: () => (hold = true), release: () => { hold = false; release?.(); } };
  }

  it('turns a burst of changes into one save of the last value', async () => {
    const r = recorder();
    const saver = new DebouncedSaver(r.save, { delayMs: 100, maxWaitMs: 1000 });
    const start = Date.now();
    const promises = [1, 2, 3].map((v) => saver.schedule('doc', v));
    await vi.advanceTimersByTimeAsync(99);
    expect(r.saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await Promise.all(promises);
    expect(r.saves).toEqual([{ key: 'doc', value: 3, at: start + 100 }]);
  });

  it('saves within maxWaitMs of the first change however busy the editing', async () => {
    const r = recorder();
    const saver = new DebouncedSaver(r.save, { delayMs: 300, maxWaitMs: 1000 });
    const start = Date.now();
    for (let i = 0; i < 30; i++) {
      void saver.schedule('doc', i);
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(r.saves[0]).toEqual({ key: 'doc', value: 19, at: start + 1000 });
  });

  it('resolves a schedule only after a save that contains it; a change during a save gets its own save', async () => {
    const r = recorder();
    const saver = new DebouncedSaver(r.save, { delayMs: 10, maxWaitMs: 10 });
    r.holdNext();
    let firstDone = false;
    let secondDone = false;
    void saver.schedule('doc', 1).then(() => (firstDone = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(r.saves.map((s) => s.value)).toEqual([1]);
    void saver.schedule('doc', 2).then(() => (secondDone = true));
    await vi.advanceTimersByTimeAsync(50);
    expect(firstDone).toBe(false);
    expect(r.saves).toHaveLength(1); // one write per key at a time
    r.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(firstDone).toBe(true);
    expect(r.saves.map((s) => s.value)).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(0);
    expect(secondDone).toBe(true);
    expect(saver.busy).toBe(false);
  });

  it('keeps keys apart, and flush saves at once', async () => {
    const r = recorder();
    const saver = new DebouncedSaver(r.save, { delayMs: 500, maxWaitMs: 1000 });
    void saver.schedule('a', 1);
    void saver.schedule('b', 2);
    await saver.flush();
    expect(r.saves.map((s) => [s.key, s.value]).sort()).toEqual([['a', 1], ['b', 2]]);
  });

  it('rejects the waiting promises when the save fails', async () => {
    const saver = new DebouncedSaver(() => Promise.reject(new Error('disk full')), { delayMs: 1, maxWaitMs: 1 });
    const p = saver.schedule('doc', 1);
    const check = expect(p).rejects.toThrow('disk full');
    await vi.advanceTimersByTimeAsync(1);
    await check;
  });
});
