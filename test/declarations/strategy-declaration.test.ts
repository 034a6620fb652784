/**
 * One declaration per strategy: a strategy with an option of its own, declared here and nowhere
 * else, shows in `segment --help`, is taken by the contract's run options and the CLI's flags,
 * gets a Run panel field, and reaches the docs table, with no other file touched.
 */
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { segmentUsage } from '../../electron/cli/commands/segment';
import { ownOptionsFromFlags, strategyOptionFlags } from '../../electron/cli/strategy-flags';
import { parseArgs } from '../../electron/cli/args';
import { UserInputError } from '../../electron/cli/errors';
import { StrategyOptionFields } from '../../renderer/features/run/StrategyOptionFields';
import { runOptionsFrom } from '../../renderer/features/run/run-options';
import { STRATEGY_DECLARATIONS } from '../../shared/strategies/catalog';
import { defineRuleStrategy } from '../../shared/strategies/types';
import { runOptionsSchemaFor, SHARED_RUN_OPTION_KEYS } from '../../shared/strategies/run-options';
import { strategyOptionsMarkdown } from '../../shared/strategies/options-table';
import type { RunForm } from '../../renderer/stores/ui';

const everyN = defineRuleStrategy({
  name: 'every-n',
  kind: 'rules',
  description: 'A test strategy: a cut every N characters.',
  options: { stride: { type: 'int', min: 2, max: 1000, default: 10, label: 'Stride', help: 'characters between two cuts' } },
  cut(text, options) {
    const stride = options.stride ?? 10;
    return { cuts: Array.from({ length: Math.floor((text.length - 1) / stride) }, (_, i) => (i + 1) * stride), warnings: [] };
  },
});
const declarations = [...STRATEGY_DECLARATIONS, everyN];

describe('a strategy declaration', () => {
  it('shows its option in segment --help, with its limits and default', () => {
    const help = segmentUsage(declarations);
    expect(help).toMatch(/--every-n-stride N\s+every-n: characters between two cuts \(default 10\)/);
    expect(help).toContain('every-n');
    expect(segmentUsage()).not.toContain('every-n');
  });

  it('makes the option a flag, checked by the declaration and refused for other strategies', () => {
    const spec = strategyOptionFlags(declarations);
    const { flags } = parseArgs(['--every-n-stride', '25'], spec);
    expect(ownOptionsFromFlags('every-n', flags, declarations)).toEqual({ stride: 25 });
    expect(() => parseArgs(['--every-n-stride', '1'], spec)).toThrow(/--every-n-stride must be at least 2/);
    expect(() => ownOptionsFromFlags('c99', flags, declarations)).toThrow(UserInputError);
    expect(() => ownOptionsFromFlags('c99', flags, declarations)).toThrow(/--every-n-stride applies only to the every-n strategy, not 'c99'/);
  });

  it('is taken by the contract as options[name], within its limits, and nothing undeclared is', () => {
    const schema = runOptionsSchemaFor(declarations);
    expect(schema.parse({ 'every-n': { stride: 25 } })).toEqual({ 'every-n': { stride: 25 } });
    expect(schema.safeParse({ 'every-n': { stride: 1 } }).success).toBe(false);
    expect(schema.safeParse({ 'every-n': { width: 3 } }).success).toBe(false);
    expect(runOptionsSchemaFor(STRATEGY_DECLARATIONS).safeParse({ 'every-n': { stride: 25 } }).success).toBe(false);
  });

  it('gets a Run panel field, and the form sends its value', () => {
    const html = renderToStaticMarkup(createElement(StrategyOptionFields, { declaration: everyN, values: { stride: '25' }, onChange: () => {} }));
    expect(html).toContain('data-testid="every-n-stride"');
    expect(html).toContain('Stride');
    expect(html).toContain('placeholder="10"');
    const form: RunForm = { strategy: 'every-n', maxChars: '', maxTokens: '', windowTokens: '', profile: '', keepPrevious: false, backend: 'local', own: { 'every-n': { stride: '25' } } };
    const info = { name: 'every-n', kind: 'rules', description: '', available: true } as const;
    expect(runOptionsFrom(form, info, declarations)).toEqual({ 'every-n': { stride: 25 } });
    expect(() => runOptionsFrom({ ...form, own: { 'every-n': { stride: '1' } } }, info, declarations)).toThrow(/Stride must be a whole number from 2 to 1000, got "1"/);
  });

  it('reaches the docs table', () => {
    expect(strategyOptionsMarkdown(declarations)).toContain('| `every-n` | `every-n.stride` | `--every-n-stride` | Stride |');
  });
});

describe('the declared strategies', () => {
  it('are what docs/strategy-options.md says (npm run docs:options rewrites it)', () => {
    const page = readFileSync(new URL('../../docs/strategy-options.md', import.meta.url), 'utf8');
    expect(page).toBe(strategyOptionsMarkdown());
  });

  it('never give an own option the key of a shared one (a rule strategy gets both in one object)', () => {
    for (const declaration of STRATEGY_DECLARATIONS) {
      for (const key of Object.keys(declaration.options)) expect(SHARED_RUN_OPTION_KEYS as readonly string[]).not.toContain(key);
    }
  });

  it('have unique names', () => {
    const names = STRATEGY_DECLARATIONS.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
