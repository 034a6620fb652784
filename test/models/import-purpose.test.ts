import { describe, expect, it } from 'vitest';
import { installNameFor, purposeKind, type ProfileFileNames } from '../../shared/models/import-purpose';

const profile = (name: string, base: string, adapter?: string): ProfileFileNames => ({
  name,
  files: [{ role: 'base', file: base }, ...(adapter ? [{ role: 'adapter' as const, file: adapter }] : [])],
});
const shipped = [profile('simple', 'qwen2.gguf', 'simple-lora.gguf'), profile('topic', 'qwen2.gguf', 'topic-lora.gguf'), profile('summary', 'qwen2.gguf', 'summary-lora.gguf')];

describe('installNameFor: the name a profile expects an imported file under', () => {
  it('names the shared base and each strategy adapter as the profiles do', () => {
    expect(installNameFor('base', shipped)).toBe('qwen2.gguf');
    expect(installNameFor('simple-adapter', shipped)).toBe('simple-lora.gguf');
    expect(installNameFor('topic-adapter', shipped)).toBe('topic-lora.gguf');
    expect(installNameFor('summary-adapter', shipped)).toBe('summary-lora.gguf');
  });

  it('keeps the own name of other files and embedding models', () => {
    expect(installNameFor('file', shipped)).toBeNull();
    expect(installNameFor('embedding', shipped)).toBeNull();
  });

  it('ignores profiles of other names, and refuses when the bases disagree or a profile is missing', () => {
    expect(installNameFor('base', [...shipped, profile('mine', 'other.gguf')])).toBe('qwen2.gguf');
    expect(() => installNameFor('base', [...shipped.slice(1), profile('simple', 'other.gguf', 'x.gguf')])).toThrow(/different base models \(qwen2.gguf, other.gguf\)/);
    expect(() => installNameFor('topic-adapter', [shipped[0]!])).toThrow(/no topic profile/);
    expect(() => installNameFor('simple-adapter', [profile('simple', 'merged.gguf')])).toThrow(/merged model/);
    expect(() => installNameFor('base', [])).toThrow(/names a base model/);
  });

  it('says which kind of GGUF each purpose needs', () => {
    expect(purposeKind('base')).toBe('model');
    expect(purposeKind('embedding')).toBe('model');
    expect(purposeKind('topic-adapter')).toBe('adapter');
    expect(purposeKind('file')).toBeNull();
  });
});
