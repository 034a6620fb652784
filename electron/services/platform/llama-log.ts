/**
 * llama.cpp's own log lines are kept back unless the host asked for them (WORKBENCH_DEBUG, read by
 * the host at start-up): the one switch for every llama.cpp instance of this process.
 */
let echo = false;
let lastLine = '';

export function echoLlamaLogs(on: boolean): void {
  echo = on;
}

export function writeLlamaLog(level: string, message: string): void {
  const line = message.trim();
  if (!line) return;
  lastLine = line;
  if (echo) process.stderr.write(`[llama.cpp ${level}] ${line}\n`);
}

/** The last line llama.cpp logged (kept back from the console): it explains a failed load. */
export function lastLlamaLogLine(): string {
  return lastLine;
}
