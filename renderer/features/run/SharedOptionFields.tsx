/**
 * The fields of the numeric options the strategies share, derived from their declarations
 * (shared/strategies/shared-options.ts): those of every strategy always, the model strategies'
 * when one is chosen, the local engine's when it runs on this machine. Labelled, the placeholder
 * saying what an empty field means, the help as the tooltip; the test id is the option key in
 * kebab case (`max-chars`). A new declared option with a field shows here with no change to this file.
 */
import { kebab, type StrategyKind } from '../../../shared/strategies/declaration';
import type { SharedOptionDeclaration } from '../../../shared/strategies/shared-options';
import type { RunForm, SharedOptionTexts } from '../../stores/ui';
import { sharedFieldsShown, sharedFieldText } from './run-options';
import { TextField } from './TextField';

export function SharedOptionFields(props: {
  kind: StrategyKind | undefined;
  backend: RunForm['backend'];
  values: SharedOptionTexts;
  onChange: (key: string, value: string) => void;
  /** The declarations (a test passes its own). */
  options?: readonly SharedOptionDeclaration[];
}) {
  const { kind, backend, values, onChange, options } = props;
  return (
    <div className="field-row">
      {sharedFieldsShown(kind, backend, options).map((option) => (
        <TextField
          key={option.key}
          label={option.field.label}
          title={option.help}
          testId={kebab(option.key)}
          numeric
          placeholder={option.field.placeholder}
          value={sharedFieldText(values, option.key)}
          onChange={(text) => onChange(option.key, text)}
        />
      ))}
    </div>
  );
}
