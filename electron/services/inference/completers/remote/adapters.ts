/**
 * Which of a server's LoRA adapters is the profile's: llama-server lists the files it was started
 * with (`--lora FILE`), matched by file name; vLLM lists its LoRA modules, matched by module name
 * (the strategy or the profile's name, as in `--lora-modules simple=...`) or by the folder name of
 * the PEFT adapter the profile's `source` names.
 */
import { basename } from 'node:path';
import { RemoteError } from './errors';
import type { ServedAdapter, ServerInfo } from './server-client';

export interface WantedAdapter {
  /** The adapter GGUF the local engine would load. */
  file: string;
  /** The PEFT adapter it was converted from (e.g. jinaai/text-seg-lm-qwen2-0.5b). */
  source?: string;
  /** Module names that count as this adapter on vLLM: the strategy and the profile's name. */
  names: string[];
  scale: number;
}

function lastPart(path: string): string {
  return basename(path.replace(/[\\/]+$/, ''));
}

export function findAdapter(info: ServerInfo, wanted: WantedAdapter): ServedAdapter | null {
  const file = lastPart(wanted.file);
  if (info.kind === 'llama-server') return info.adapters.find((a) => lastPart(a.path) === file) ?? null;
  const source = wanted.source ? lastPart(wanted.source) : null;
  return (
    info.adapters.find((a) => wanted.names.includes(String(a.id))) ??
    info.adapters.find((a) => (source && lastPart(a.path) === source) || lastPart(a.path) === file) ??
    null
  );
}

export function requireAdapter(url: string, info: ServerInfo, wanted: WantedAdapter): ServedAdapter {
  const found = findAdapter(info, wanted);
  if (found) return found;
  const serves = info.adapters.length > 0 ? info.adapters.map((a) => (info.kind === 'vllm' ? String(a.id) : lastPart(a.path))).join(', ') : 'none';
  const fix =
    info.kind === 'llama-server'
      ? `start llama-server with --lora ${wanted.file} --lora-init-without-apply`
      : `start vLLM with --enable-lora --lora-modules ${wanted.names[0]}=${wanted.source ?? wanted.file}`;
  throw new RemoteError('adapter-missing', `the server at ${url} does not serve the adapter ${lastPart(wanted.file)} (it serves: ${serves}); ${fix}`);
}
