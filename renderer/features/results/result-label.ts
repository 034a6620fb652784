/** A result's name in lists: its strategy and the settings it ran with, so two runs of one strategy can be told apart. */
import type { SegmentationResult } from '../../../shared/document/types';

function settingText(key: string, value: unknown): string {
  if (value !== null && typeof value === 'object') return Object.entries(value).map(([k, v]) => settingText(k, v)).join(', ');
  return `${key} ${String(value)}`;
}

export function resultSettings(result: SegmentationResult): string {
  const options = result.meta.options;
  if (options === null || typeof options !== 'object') return '';
  return Object.entries(options as Record<string, unknown>).map(([k, v]) => settingText(k, v)).join(', ');
}

export function resultLabel(result: SegmentationResult): string {
  const settings = resultSettings(result);
  return settings ? `${result.strategy} (${settings})` : result.strategy;
}
