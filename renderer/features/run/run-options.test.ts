import { describe, expect, it } from 'vitest';
import type { StrategyInfo } from '../../../shared/ipc/contract';
import type { RunForm } from '../../stores/ui';
import { runOptionsFrom } from './run-options';

const form = (change: Partial<RunForm>): RunForm => ({
  strategy: 'x',
  maxChars: '',
  maxTokens: '',
  windowTokens: '',
  profile: '',
  keepPrevious: false,
  backend: 'local',
  ...change,
});
const rules: StrategyInfo = { name: 'structural', kind: 'rules', description: '', available: true };
const model: StrategyInfo = { name: 'topic', kind: 'model', description: '', available: true };

describe('run options from the form', () => {
  it('sends only what was filled in, and model settings only to model strategies', () => {
    expect(runOptionsFrom(form({}), rules)).toEqual({});
    expect(runOptionsFrom(form({ maxChars: ' 800 ', windowTokens: '512', profile: 'topic' }), rules)).toEqual({ maxChars: 800 });
    expect(runOptionsFrom(form({ windowTokens: '512', profile: ' tiny-topic ' }), model)).toEqual({
      windowTokens: 512,
      profile: 'tiny-topic',
    });
  });

  it('sends c99 parameters only to c99, checked by its own rules', () => {
    const c99: StrategyInfo = { name: 'c99', kind: 'rules', description: '', available: true };
    expect(runOptionsFrom(form({ own: { c99: { mask: '7', band: '', coefficient: '0.8' } } }), c99)).toEqual({ c99: { mask: 7, coefficient: 0.8 } });
    expect(runOptionsFrom(form({ own: { c99: { mask: '7' } } }), rules)).toEqual({});
    expect(() => runOptionsFrom(form({ own: { c99: { mask: '8' } } }), c99)).toThrow(/odd/);
    expect(() => runOptionsFrom(form({ own: { c99: { coefficient: 'x' } } }), c99)).toThrow(/Stopping c/);
  });

  it('asks model strategies, and only them, for the inference servers when the form says so', () => {
    expect(runOptionsFrom(form({ backend: 'remote' }), model)).toEqual({ backend: 'remote' });
    expect(runOptionsFrom(form({ backend: 'remote' }), rules)).toEqual({});
    expect(runOptionsFrom(form({ backend: 'local' }), model)).toEqual({});
  });

  it('asks model strategies, and only them, for a deterministic run when the box is ticked', () => {
    expect(runOptionsFrom(form({ deterministic: true }), model)).toEqual({ deterministic: true });
    expect(runOptionsFrom(form({ deterministic: true, backend: 'remote' }), model)).toEqual({ deterministic: true, backend: 'remote' });
    expect(runOptionsFrom(form({ deterministic: true }), rules)).toEqual({});
    expect(runOptionsFrom(form({ deterministic: false }), model)).toEqual({});
  });

  it('sends "Windows at once" to a model strategy on this machine only, in range', () => {
    expect(runOptionsFrom(form({ parallel: ' 4 ' }), model)).toEqual({ parallel: 4 });
    expect(runOptionsFrom(form({ parallel: '4' }), rules)).toEqual({});
    expect(runOptionsFrom(form({ parallel: '4', backend: 'remote' }), model)).toEqual({ backend: 'remote' });
    expect(() => runOptionsFrom(form({ parallel: '0' }), model)).toThrow(/Windows at once must be a whole number from 1 to \d+/);
    expect(() => runOptionsFrom(form({ parallel: '65' }), model)).toThrow(/Windows at once must be a whole number from 1 to 64/);
  });

  it('refuses what is not a whole number within the limits, naming the field and the limits', () => {
    expect(() => runOptionsFrom(form({ maxChars: '-5' }), rules)).toThrow('Max chars must be a whole number from 1 to 10000000, got "-5"');
    expect(() => runOptionsFrom(form({ windowTokens: '1.5' }), model)).toThrow(/Window tokens/);
    expect(() => runOptionsFrom(form({ maxChars: 'many' }), rules)).toThrow(/Max chars/);
  });
});
