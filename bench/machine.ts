/** The machine a benchmark ran on, recorded next to every figure. */
import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  ramGiB: number;
  platform: string;
  node: string;
}

function cpuModel(): string {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line) return line.slice(line.indexOf(':') + 1).trim();
  } catch {
    // Not Linux: fall back to what Node reports.
  }
  return os.cpus()[0]?.model ?? 'unknown';
}

export function machineInfo(): MachineInfo {
  return {
    cpus: os.availableParallelism(),
    cpuModel: cpuModel(),
    ramGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    platform: `${os.platform()} ${os.arch()}`,
    node: process.version,
  };
}

export function describeMachine(m: MachineInfo): string {
  return `${m.cpus} CPUs (${m.cpuModel}), ${m.ramGiB} GiB RAM, ${m.platform}, Node ${m.node}`;
}
