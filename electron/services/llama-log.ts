/**
 * llama.cpp's own log lines are kept back unless the host asked for them (WORKBENCH_DEBUG, read by
 * the host at start-up): the one switch for every llama.cpp instance of this process.
 */
let echo = false;

export function echoLlamaLogs(on: boolean): void {
  echo = on;
}

export function writeLlamaLog(level: string, message: string): void {
  const line = message.trim();
  if (echo && line) process.stderr.write(`[llama.cpp ${level}] ${line}\n`);
}
