import { describe, expect, it } from 'vitest';
import { CoverageError } from '../../../shared/document/segmentation';
import { UserError } from '../../../shared/errors';
import { FormatError } from '../../../shared/formats/errors';
import { TextMismatchError } from '../../../shared/metrics/align';
import { UserInputError } from '../../cli/errors';
import { DocumentReadError } from '../../readers/errors';
import { InferenceError } from '../inference/errors';
import { ModelError } from '../models/errors';
import { UnknownStrategyError } from '../strategies/run-strategy';
import { TokenizerLoadError } from '../tokenizer/errors';
import { WorkspaceFileError } from '../workspace/storage/json-files';
import { toWireError, WorkbenchError } from '../../../shared/ipc/workbench-error';

describe('errors a person can fix', () => {
  const fixable: [UserError, string][] = [
    [new UserInputError('--x must be 1'), 'bad-input'],
    [new DocumentReadError('no such file: a.txt'), 'bad-input'],
    [new FormatError('gold.json: not valid JSON'), 'bad-input'],
    [new TextMismatchError('the texts differ at 3', 3, 3), 'bad-input'],
    [new UnknownStrategyError('nope'), 'bad-input'],
    [new TokenizerLoadError('cannot load a tokenizer from t.gguf'), 'bad-input'],
    [new WorkspaceFileError('document.json: not JSON'), 'bad-input'],
    [new CoverageError('boundary 3 is not a safe cut'), 'coverage'],
    [new InferenceError('model-missing', 'model file not found: m.gguf'), 'model-missing'],
    [new ModelError('not-gguf', 'x.bin is not a GGUF file'), 'not-gguf'],
    [new WorkbenchError('not-found', 'no document d1'), 'not-found'],
  ];

  it.each(fixable)('%s share one base and keep their code on the wire', (err, code) => {
    expect(err).toBeInstanceOf(UserError);
    expect(toWireError(err)).toEqual({ code, message: err.message });
  });

  it('anything else is internal, still one line', () => {
    expect(toWireError(new TypeError('x is undefined\n    at f (a.ts:1)'))).toEqual({ code: 'internal', message: 'x is undefined' });
  });
});
