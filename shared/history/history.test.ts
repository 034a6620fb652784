import { describe, expect, it } from 'vitest';
import {
  beginGesture, canRedo, canUndo, cancelGesture, commitGesture, createHistory, record, redo, redoLabel,
  resetHistory, undo, undoLabel, updateGesture,
} from './history';

describe('history', () => {
  it('undoes and redoes steps in order, with their labels', () => {
    let h = createHistory('a');
    h = record(h, 'b', 'split');
    h = record(h, 'c', 'merge');
    expect(undoLabel(h)).toBe('merge');
    h = undo(h);
    expect(h.present).toBe('b');
    expect(redoLabel(h)).toBe('merge');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe('b');
    h = redo(h);
    expect(h.present).toBe('c');
    expect(canRedo(h)).toBe(false);
    expect(redo(h)).toBe(h);
  });

  it('clears the redo side on a new step', () => {
    let h = record(record(createHistory(1), 2, 'x'), 3, 'y');
    h = undo(h);
    expect(canRedo(h)).toBe(true);
    h = record(h, 4, 'z');
    expect(canRedo(h)).toBe(false);
    expect(undo(h).present).toBe(2);
  });

  it('records nothing for an unchanged value', () => {
    const h = createHistory({ n: 1 });
    expect(record(h, h.present, 'noop')).toBe(h);
  });

  it('keeps at most `limit` steps, forgetting the oldest', () => {
    let h = createHistory(0, 3);
    for (let i = 1; i <= 10; i++) h = record(h, i, `step ${i}`);
    expect(h.past.map((s) => s.change.before)).toEqual([7, 8, 9]);
    h = undo(undo(undo(h)));
    expect(h.present).toBe(7);
    expect(canUndo(h)).toBe(false);
  });

  it('rejects a limit that is not a positive integer', () => {
    expect(() => createHistory(0, 0)).toThrow(RangeError);
    expect(() => createHistory(0, 1.5)).toThrow(RangeError);
  });

  it('makes a whole gesture one step', () => {
    let h = createHistory(10);
    h = beginGesture(h, 'drag');
    for (let x = 11; x <= 20; x++) h = updateGesture(h, x);
    expect(h.present).toBe(20);
    expect(undoLabel(h)).toBe('drag');
    h = commitGesture(h);
    expect(h.past).toHaveLength(1);
    h = undo(h);
    expect(h.present).toBe(10);
    h = redo(h);
    expect(h.present).toBe(20);
  });

  it('records no step for a gesture that ends where it began', () => {
    let h = beginGesture(createHistory(5), 'drag');
    h = updateGesture(h, 6);
    h = updateGesture(h, 5);
    h = commitGesture(h);
    expect(h.past).toHaveLength(0);
    expect(h.gesture).toBeNull();
  });

  it('cancels a gesture back to its start; undo during a gesture cancels it', () => {
    let h = record(createHistory(0), 1, 'split');
    h = updateGesture(beginGesture(h, 'drag'), 7);
    expect(cancelGesture(h).present).toBe(1);
    h = undo(h);
    expect(h.present).toBe(1);
    expect(h.gesture).toBeNull();
    expect(undo(h).present).toBe(0);
  });

  it('commits an open gesture before recording a new step', () => {
    let h = updateGesture(beginGesture(createHistory('a'), 'drag'), 'b');
    h = record(h, 'c', 'merge');
    expect(h.past.map((s) => [s.change.before, s.label])).toEqual([['a', 'drag'], ['b', 'merge']]);
  });

  it('resets to a new value with an empty history, keeping the limit', () => {
    const h = resetHistory(record(createHistory(1, 7), 2, 'x'), 9);
    expect(h).toMatchObject({ past: [], present: 9, future: [], limit: 7, gesture: null });
  });
});
