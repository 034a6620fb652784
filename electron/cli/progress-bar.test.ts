import { describe, expect, it } from 'vitest';
import { formatProgressLine } from './progress-bar';

const base = { stage: 'generate', windowsDone: 0, windowsTotal: 4, tokensIn: 0, tokensOut: 0, tokensPerSecond: 0, etaSeconds: null };

describe('the model progress bar', () => {
  it('fills in proportion to the windows done and shows speed and time left', () => {
    expect(formatProgressLine({ ...base, windowsDone: 1, tokensPerSecond: 52.25, etaSeconds: 11.2 }, 8)).toBe(
      'generate [##......] 1/4 windows · 52.3 tok/s · ~12 s left',
    );
  });

  it('leaves out what is not known yet', () => {
    expect(formatProgressLine(base, 4)).toBe('generate [....] 0/4 windows');
  });

  it('never overfills, and copes with a run that has no windows yet', () => {
    expect(formatProgressLine({ ...base, windowsDone: 9 }, 4)).toBe('generate [####] 9/4 windows');
    expect(formatProgressLine({ ...base, windowsTotal: 0 }, 4)).toBe('generate [....] 0/0 windows');
  });
});
