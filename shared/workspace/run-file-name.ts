/**
 * The file a workspace keeps a run in: one per strategy and settings, so two c99 runs with other
 * parameters are both kept (and survive a reload to be compared), while a rerun with the same
 * settings replaces its earlier run. Default settings keep the plain name, `runs/<strategy>.json`.
 */
import type { SegmentationResult } from '../document/types';
import { sha256Hex } from '../util/sha256';

/** JSON with sorted keys: the same settings always give the same text. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The run's settings as its result records them (`meta.options`), or null for the strategy's defaults. */
export function runSettingsKey(result: SegmentationResult): string | null {
  const options = result.meta.options;
  if (options === null || typeof options !== 'object' || Object.keys(options).length === 0) return null;
  return sha256Hex(stableJson(options)).slice(0, 8);
}

/** The run file's base name (without `.json`). */
export function runFileBaseName(result: SegmentationResult): string {
  const key = runSettingsKey(result);
  return key === null ? result.strategy : `${result.strategy}--${key}`;
}
