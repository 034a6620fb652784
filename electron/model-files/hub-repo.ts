/**
 * A model hub repository named by a profile's adapter `source`, and where its PEFT folder is kept:
 * read by the pull and the doctor (services/models) and by the chat template lookup
 * (services/inference, a layer below them), so it lives beside the model file readers.
 */
import { join } from 'node:path';

export interface HubRepo {
  owner: string;
  repo: string;
  branch?: string;
}

/** `hf:owner/repo`, `https://huggingface.co/owner/repo[/tree/branch]` (or the hub endpoint's host). */
export function hubRepoOf(source: string, endpoint?: string): HubRepo | undefined {
  const hf = /^hf:([^/\s]+)\/([^/\s#]+)(?:#(\S+))?$/.exec(source);
  if (hf) return { owner: hf[1]!, repo: hf[2]!, branch: hf[3] };
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return undefined;
  }
  const hosts = ['huggingface.co', 'hf.co'];
  if (endpoint) {
    try {
      hosts.push(new URL(endpoint).host);
    } catch {
      // An unparsable endpoint is node-llama-cpp's to ignore as well.
    }
  }
  if (!hosts.includes(url.host)) return undefined;
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts.length === 2) return { owner: parts[0]!, repo: parts[1]! };
  if (parts.length === 4 && parts[2] === 'tree') return { owner: parts[0]!, repo: parts[1]!, branch: parts[3] };
  return undefined;
}

/** Where a hub PEFT folder is kept inside the models folder, so it can be converted again. */
export function peftCacheDir(modelsDir: string, repo: HubRepo): string {
  return join(modelsDir, 'peft', `${repo.owner}--${repo.repo}${repo.branch ? `--${repo.branch}` : ''}`);
}
