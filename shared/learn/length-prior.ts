/**
 * The segment-length prior of the learned strategy: a log-normal fitted to the lengths (in
 * characters) of the training segments. Decoding adds weight * -(ln L - mu)^2 / (2 sigma^2) per
 * segment: zero at the typical length, growing as a segment gets much shorter or longer, so a
 * run of weak cut points cannot shred the text the way sentence-rules does.
 */

export interface LengthPrior {
  /** Mean and standard deviation of ln(segment length in characters) over the training segments. */
  logMean: number;
  logSd: number;
  /** How much the prior counts against the classifier's cut scores (chosen on the training documents). */
  weight: number;
}

/** Below this, one very regular training set would forbid every other length. */
const MIN_LOG_SD = 0.25;

export function fitLengthPrior(lengths: readonly number[], weight = 1): LengthPrior {
  const logs = lengths.filter((l) => l > 0).map((l) => Math.log(l));
  if (logs.length === 0) return { logMean: Math.log(1000), logSd: 1, weight };
  const logMean = logs.reduce((a, b) => a + b, 0) / logs.length;
  const variance = logs.reduce((a, l) => a + (l - logMean) ** 2, 0) / logs.length;
  return { logMean, logSd: Math.max(MIN_LOG_SD, Math.sqrt(variance)), weight };
}

export function lengthLogPrior(prior: LengthPrior, length: number): number {
  const z = (Math.log(Math.max(1, length)) - prior.logMean) / prior.logSd;
  return -prior.weight * 0.5 * z * z;
}

/** Segments longer than this are not considered by the decoder (except where nothing else is possible). */
export function longestConsidered(prior: LengthPrior): number {
  return Math.exp(prior.logMean + 4 * prior.logSd);
}
