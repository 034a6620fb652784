import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-message';
import { firstLine } from './first-line';

describe('errorMessage and firstLine', () => {
  it('take an error\'s message, and anything else as String() gives it', () => {
    expect(errorMessage(new TypeError('bad\nstack'))).toBe('bad\nstack');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(undefined)).toBe('undefined');
    expect(firstLine(new Error('first\nsecond'))).toBe('first');
    expect(firstLine({ toString: () => 'an object\nmore' })).toBe('an object');
  });
});
