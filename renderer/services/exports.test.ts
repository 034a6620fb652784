import { describe, expect, it } from 'vitest';
import { FORMAT_NAMES } from '../../shared/formats';
import { EXPORT_FORMATS } from './exports';

describe('the Export panel formats', () => {
  it('are every declared format, wiki727k included, with its label', () => {
    expect(EXPORT_FORMATS.map((f) => f.value)).toEqual(FORMAT_NAMES);
    expect(EXPORT_FORMATS.find((f) => f.value === 'wiki727k')?.label).toBe('WIKI-727K text');
  });
});
