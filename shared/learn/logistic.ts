/**
 * L2-regularised logistic regression fitted by Newton's method (iteratively reweighted least
 * squares). In-house rather than a library: the model is ~26 weights over ~10^4-10^5 candidate
 * cut points, Newton converges in a dozen exact steps on that (no learning rate to tune), and the
 * npm packages that fit (ml-logistic-regression) bring a matrix library for what is a 27 x 27
 * solve here, with no L2 control and one-vs-all multiclass machinery we do not need.
 */

export interface LogisticFit {
  /** weights[0] is the intercept, weights[1 + f] the weight of feature f. */
  weights: number[];
  iterations: number;
}

export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/** Solves A x = b for a small symmetric positive-definite A (Gaussian elimination, partial pivoting). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] as number]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs((m[r] as number[])[c] as number) > Math.abs((m[pivot] as number[])[c] as number)) pivot = r;
    [m[c], m[pivot]] = [m[pivot] as number[], m[c] as number[]];
    const row = m[c] as number[];
    const p = row[c] as number;
    if (Math.abs(p) < 1e-12) continue;
    for (let r = c + 1; r < n; r++) {
      const other = m[r] as number[];
      const factor = (other[c] as number) / p;
      if (factor !== 0) for (let k = c; k <= n; k++) other[k] = (other[k] as number) - factor * (row[k] as number);
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    const row = m[r] as number[];
    let sum = row[n] as number;
    for (let k = r + 1; k < n; k++) sum -= (row[k] as number) * (x[k] as number);
    x[r] = Math.abs(row[r] as number) < 1e-12 ? 0 : sum / (row[r] as number);
  }
  return x;
}

/**
 * Fits P(y = 1 | x) = sigmoid(w0 + w . x) to rows of (already standardised) features, maximising
 * the log-likelihood minus l2 / 2 * |w|^2 (the intercept is not penalised).
 */
export function fitLogistic(rows: ReadonlyArray<ArrayLike<number>>, labels: ArrayLike<number>, l2 = 1, maxIterations = 30): LogisticFit {
  const d = (rows[0]?.length ?? 0) + 1;
  const w = new Array<number>(d).fill(0);
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    const gradient = w.map((wi, k) => (k === 0 ? 0 : -l2 * wi));
    const hessian = Array.from({ length: d }, (_, r) => Array.from({ length: d }, (_, c) => (r === c && r > 0 ? l2 : 0)));
    for (const [n, row] of rows.entries()) {
      let z = w[0] as number;
      for (let k = 1; k < d; k++) z += (w[k] as number) * (row[k - 1] as number);
      const p = sigmoid(z);
      const error = (labels[n] as number) - p;
      const weight = Math.max(p * (1 - p), 1e-9);
      for (let r = 0; r < d; r++) {
        const xr = r === 0 ? 1 : (row[r - 1] as number);
        gradient[r] = (gradient[r] as number) + error * xr;
        const hr = hessian[r] as number[];
        for (let c = r; c < d; c++) hr[c] = (hr[c] as number) + weight * xr * (c === 0 ? 1 : (row[c - 1] as number));
      }
    }
    for (let r = 0; r < d; r++) for (let c = 0; c < r; c++) (hessian[r] as number[])[c] = (hessian[c] as number[])[r] as number;
    const step = solve(hessian, gradient);
    let largest = 0;
    for (let k = 0; k < d; k++) {
      w[k] = (w[k] as number) + (step[k] as number);
      largest = Math.max(largest, Math.abs(step[k] as number));
    }
    if (largest < 1e-6) {
      iterations++;
      break;
    }
  }
  return { weights: w, iterations };
}
