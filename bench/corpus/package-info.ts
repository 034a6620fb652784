import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SourceRecord } from '../../electron/corpus/types';

export interface PackageInfo {
  name: string;
  version: string;
  license: string;
  /** The package's folder. */
  dir: string;
}

/** package.json's licence in SPDX form: handles the old `{type}` object and `licenses` array. */
function licenseOf(pkg: Record<string, unknown>): string {
  const value = pkg.license ?? pkg.licenses;
  if (typeof value === 'string') return value;
  const list = Array.isArray(value) ? value : value ? [value] : [];
  const types = list.map((l) => (typeof l === 'string' ? l : (l as { type?: unknown })?.type)).filter((t) => typeof t === 'string');
  return types.length ? types.join(' OR ') : 'UNKNOWN';
}

export function readPackageInfo(dir: string): PackageInfo | null {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return null;
  try {
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    if (typeof pkg.name !== 'string') return null;
    return { name: pkg.name, version: String(pkg.version ?? ''), license: licenseOf(pkg), dir };
  } catch {
    return null;
  }
}

/** Where a document's text came from: `file` inside node_modules, shipped by `pkg`. */
export function sourceRecord(pkg: PackageInfo, file: string, contentLicense?: string): SourceRecord {
  return { package: pkg.name, version: pkg.version, license: pkg.license, ...(contentLicense === undefined ? {} : { contentLicense }), file };
}

/** The package that owns a file: the nearest folder above it with a named package.json. */
export function owningPackage(file: string): PackageInfo | null {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const info = readPackageInfo(dir);
    if (info) return info;
  }
  return null;
}
