/**
 * One declaration per shared option: a numeric option the strategies share, declared in a list and
 * nowhere else, shows in `segment --help` with its limits, is taken by the contract's run options,
 * becomes a Run panel field for the strategies it applies to, and is mapped from its flag by the
 * CLI, with no other file touched. The lists are passed in; the real one is the default.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { segmentUsage, strategyOptionsFrom } from '../../electron/cli/commands/segment';
import { parseArgs } from '../../electron/cli/args';
import { sharedOptionFlags } from '../../electron/cli/shared-option-flags';
import { SharedOptionFields } from '../../renderer/features/run/SharedOptionFields';
import { runOptionsFrom } from '../../renderer/features/run/run-options';
import { STRATEGY_DECLARATIONS } from '../../shared/strategies/catalog';
import { runOptionsSchemaFor, RUN_OPTION_LIMITS, SHARED_RUN_OPTION_KEYS } from '../../shared/strategies/run-options';
import { SHARED_OPTION_DECLARATIONS, type SharedOptionDeclaration } from '../../shared/strategies/shared-options';
import { strategyOptionsMarkdown } from '../../shared/strategies/options-table';
import type { StrategyKind } from '../../shared/strategies/declaration';
import type { RunForm, SharedOptionTexts } from '../../renderer/stores/ui';

const maxSentences: SharedOptionDeclaration = {
  key: 'maxSentences',
  flag: 'max-sentences',
  help: 'longest segment, in sentences',
  limits: { min: 1, max: 500 },
  appliesTo: 'all',
  field: { label: 'Max sentences', placeholder: 'none' },
};
const batchTokens: SharedOptionDeclaration = {
  key: 'batchTokens',
  flag: 'batch',
  help: 'tokens decoded in one batch',
  limits: { min: 8, max: 4096 },
  appliesTo: 'local-model',
  field: { label: 'Batch tokens', placeholder: 'auto' },
  onServers: 'the servers batch as they were started',
};
const shared = [...SHARED_OPTION_DECLARATIONS, maxSentences, batchTokens];

/** The flags a parse of `argv` gives with the test's options (constrained and free: booleans, always present). */
const flagsOf = (argv: string[]) => ({ constrained: false, free: false, ...parseArgs(argv, sharedOptionFlags(shared)).flags });
const form = (texts: Record<string, string>, backend: RunForm['backend'] = 'local'): RunForm => ({ strategy: 'x', profile: '', keepPrevious: false, backend, ...texts });
const rules = { name: 'structural', kind: 'rules', description: '', available: true } as const;
const model = { name: 'topic', kind: 'model', description: '', available: true } as const;
const fieldsHtml = (kind: StrategyKind | undefined, backend: RunForm['backend'], values: Record<string, string> = {}, options?: readonly SharedOptionDeclaration[]) =>
  renderToStaticMarkup(createElement(SharedOptionFields, { kind, backend, values: values as SharedOptionTexts, onChange: () => {}, options }));

describe('a shared option declaration', () => {
  it('shows in segment --help with its scope and limits, where its scope goes', () => {
    const help = segmentUsage(STRATEGY_DECLARATIONS, shared);
    expect(help).toMatch(/--max-sentences N\s+longest segment, in sentences; a whole number from 1 to 500\n/);
    expect(help).toMatch(/--batch N\s+model strategies, local engine: tokens decoded in one batch; a whole number from 8 to 4096\n/);
    // Every strategy's options follow --strategy, the model strategies' the other model flags.
    expect(help.indexOf('--max-sentences')).toBeLessThan(help.indexOf('--tokenizer'));
    expect(help.indexOf('--batch')).toBeGreaterThan(help.indexOf('--parallel'));
    expect(segmentUsage()).not.toContain('--max-sentences');
  });

  it('is a flag checked against its limits, mapped to its option key', () => {
    expect(strategyOptionsFrom('structural', flagsOf(['--max-sentences', '12']), null, shared)).toEqual({ maxSentences: 12 });
    expect(strategyOptionsFrom('topic', flagsOf(['--batch', '64', '--max-sentences', '3']), null, shared)).toEqual({ batchTokens: 64, maxSentences: 3 });
    expect(() => flagsOf(['--max-sentences', '501'])).toThrow(/--max-sentences must be at most 500 \(got 501\)/);
    expect(() => flagsOf(['--batch', '4'])).toThrow(/--batch must be at least 8/);
  });

  it('is refused on the command line where its scope says it means nothing', () => {
    expect(() => strategyOptionsFrom('structural', flagsOf(['--batch', '64']), null, shared)).toThrow(/--batch applies only to the model strategies \(simple, topic, summary\), not 'structural'/);
    expect(() => strategyOptionsFrom('topic', flagsOf(['--batch', '64']), { endpoints: ['http://127.0.0.1:9'] }, shared)).toThrow(
      /--batch applies only to the local backend; the servers batch as they were started/,
    );
    expect(strategyOptionsFrom('topic', flagsOf(['--max-sentences', '3']), { endpoints: ['http://127.0.0.1:9'] }, shared)).toEqual({ maxSentences: 3, backend: 'remote' });
  });

  it('is taken by the contract, within its limits, and nothing undeclared is', () => {
    const schema = runOptionsSchemaFor(STRATEGY_DECLARATIONS, shared);
    expect(schema.parse({ maxSentences: 12, batchTokens: 64 })).toEqual({ maxSentences: 12, batchTokens: 64 });
    expect(schema.safeParse({ maxSentences: 0 }).success).toBe(false);
    expect(schema.safeParse({ maxSentences: 1.5 }).success).toBe(false);
    expect(runOptionsSchemaFor(STRATEGY_DECLARATIONS).safeParse({ maxSentences: 12 }).success).toBe(false);
  });

  it('becomes a Run panel field for the strategies it applies to, and the form sends its value', () => {
    const html = fieldsHtml('rules', 'local', { maxSentences: '12' }, shared);
    expect(html).toContain('data-testid="max-sentences"');
    expect(html).toContain('Max sentences');
    expect(html).toContain('value="12"');
    expect(html).toContain('title="longest segment, in sentences"');
    expect(html).not.toContain('batch-tokens');
    expect(fieldsHtml('model', 'local', {}, shared)).toContain('data-testid="batch-tokens"');
    expect(fieldsHtml('model', 'remote', {}, shared)).not.toContain('batch-tokens');

    expect(runOptionsFrom(form({ maxSentences: ' 12 ', batchTokens: '64' }), rules, undefined, shared)).toEqual({ maxSentences: 12 });
    expect(runOptionsFrom(form({ maxSentences: '12', batchTokens: '64' }), model, undefined, shared)).toEqual({ maxSentences: 12, batchTokens: 64 });
    expect(runOptionsFrom(form({ batchTokens: '64' }, 'remote'), model, undefined, shared)).toEqual({ backend: 'remote' });
    expect(() => runOptionsFrom(form({ maxSentences: 'x' }), rules, undefined, shared)).toThrow('Max sentences must be a whole number from 1 to 500, got "x"');
    expect(() => runOptionsFrom(form({ batchTokens: '4' }), model, undefined, shared)).toThrow('Batch tokens must be a whole number from 8 to 4096, got "4"');
    expect(() => runOptionsFrom(form({ batchTokens: '5000' }), model, undefined, shared)).toThrow('Batch tokens must be a whole number from 8 to 4096, got "5000"');
  });

  it('reaches the docs table', () => {
    expect(strategyOptionsMarkdown(STRATEGY_DECLARATIONS, shared)).toContain(
      '| `maxSentences` | `--max-sentences` | Max sentences (empty: none) | every strategy | a whole number from 1 to 500 | longest segment, in sentences |',
    );
  });
});

describe('the declared shared options', () => {
  it('keep the flags, limits and Run panel fields people and the e2e tests know', () => {
    const help = segmentUsage();
    expect(help).toMatch(/--max-chars N\s+longest segment, in characters; a whole number from 1 to 10000000\n/);
    expect(help).toMatch(/--window N\s+model strategies: window size in tokens; a whole number from 1 to 131072\n/);
    expect(help).toMatch(/--parallel N\s+model strategies, local engine: windows decoded at once/);
    const testIds = (html: string) => [...html.matchAll(/data-testid="([^"]+)"/g)].map((m) => m[1]);
    expect(testIds(fieldsHtml('rules', 'local'))).toEqual(['max-chars', 'max-tokens']);
    expect(testIds(fieldsHtml(undefined, 'local'))).toEqual(['max-chars', 'max-tokens']);
    expect(testIds(fieldsHtml('model', 'local'))).toEqual(['max-chars', 'max-tokens', 'window-tokens', 'parallel']);
    expect(testIds(fieldsHtml('model', 'remote'))).toEqual(['max-chars', 'max-tokens', 'window-tokens']);
    expect(RUN_OPTION_LIMITS.parallel).toEqual({ min: 1, max: 64 });
  });

  it('have unique keys and flags, each flag once in segment --help', () => {
    const keys = SHARED_OPTION_DECLARATIONS.map((o) => o.key);
    expect(new Set(keys).size).toBe(keys.length);
    const help = segmentUsage();
    for (const { flag } of SHARED_OPTION_DECLARATIONS) expect(help.split(`  --${flag} N `).length - 1).toBe(1);
  });

  it('carry in the contract every option with a Run panel field', () => {
    for (const option of SHARED_OPTION_DECLARATIONS) {
      const carried = (SHARED_RUN_OPTION_KEYS as readonly string[]).includes(option.key);
      expect(carried).toBe(!('runOption' in option));
      if ('field' in option) expect(carried).toBe(true);
    }
  });
});
