/**
 * Embedding cosine drops: given one embedding vector per sentence unit (computed in electron/ by
 * an embedding model), how far the meaning before a candidate cut is from the meaning after it.
 * A window's vector is the mean of its units' unit-length vectors, so each unit is embedded once
 * whatever the window sizes (embedding every window text would cost one model call per window
 * size and candidate). Pure math: the vectors come in, the features go out.
 */
import { depths } from './depth';

const COSINE_WINDOWS = [1, 3] as const;
const DEPTH_WINDOW = 3;

export const EMBEDDING_FEATURE_NAMES: readonly string[] = [
  ...COSINE_WINDOWS.map((w) => `embedding cosine drop over ${w} sentence${w === 1 ? '' : 's'}`),
  `embedding drop depth over ${DEPTH_WINDOW} sentences`,
];

/** The embedding model a feature set was computed with: its file name, size and sha256. */
export interface EmbeddingIdentity {
  name: string;
  bytes: number;
  sha256: string;
}

function normalised(vector: readonly number[]): number[] {
  const norm = Math.sqrt(vector.reduce((s, x) => s + x * x, 0));
  return norm > 0 ? vector.map((x) => x / norm) : vector.map(() => 0);
}

function windowMean(units: readonly number[][], from: number, to: number, dims: number): number[] {
  const sum = new Array<number>(dims).fill(0);
  for (let u = Math.max(0, from); u < Math.min(units.length, to); u++) {
    const v = units[u] as number[];
    for (let d = 0; d < dims; d++) sum[d] = (sum[d] as number) + (v[d] as number);
  }
  return sum;
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let d = 0; d < a.length; d++) {
    dot += (a[d] as number) * (b[d] as number);
    na += (a[d] as number) ** 2;
    nb += (b[d] as number) ** 2;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/**
 * One row per candidate cut (the start of unit 1, 2, …, n-1), in EMBEDDING_FEATURE_NAMES order.
 * `unitVectors[u]` embeds unit u; all of one length.
 */
export function embeddingFeatureRows(unitVectors: readonly (readonly number[])[]): number[][] {
  const n = unitVectors.length;
  if (n < 2) return [];
  const dims = (unitVectors[0] as number[]).length;
  if (unitVectors.some((v) => v.length !== dims)) throw new Error('embedding vectors of different lengths');
  const units = unitVectors.map(normalised);
  const similarity = (w: number) => units.slice(1).map((_, i) => cosine(windowMean(units, i + 1 - w, i + 1, dims), windowMean(units, i + 1, i + 1 + w, dims)));
  const byWindow = new Map(COSINE_WINDOWS.map((w) => [w, similarity(w)] as const));
  const depth = depths(byWindow.get(DEPTH_WINDOW) as number[]);
  return units.slice(1).map((_, i) => [...COSINE_WINDOWS.map((w) => 1 - ((byWindow.get(w) as number[])[i] as number)), depth[i] as number]);
}
