/**
 * The fields of a strategy's own options, derived from its declaration: one per option, labelled,
 * its default as the placeholder and its help as the tooltip. A new declared option shows here
 * with no change to this file.
 */
import { optionFlag, type StrategyDeclaration } from '../../../shared/strategies/declaration';
import { TextField } from './TextField';

export function StrategyOptionFields(props: {
  declaration: StrategyDeclaration;
  /** The fields' text, by option key (absent or empty: the default). */
  values: Readonly<Record<string, string>>;
  onChange: (key: string, value: string) => void;
}) {
  const { declaration, values, onChange } = props;
  const entries = Object.entries(declaration.options);
  if (entries.length === 0) return null;
  return (
    <div className="field-row" data-testid={`${declaration.name}-options`}>
      {entries.map(([key, option]) => {
        const testId = optionFlag(declaration.name, key);
        const value = values[key] ?? '';
        if (option.type === 'enum' || option.type === 'boolean') {
          const choices = option.type === 'enum' ? option.values : ['true', 'false'];
          return (
            <label className="field" key={key} title={option.help}>
              <span>{option.label}</span>
              <select data-testid={testId} value={value} onChange={(e) => onChange(key, e.target.value)}>
                <option value="">default ({String(option.default)})</option>
                {choices.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice}
                  </option>
                ))}
              </select>
            </label>
          );
        }
        return (
          <TextField
            key={key}
            label={option.label}
            title={option.help}
            testId={testId}
            numeric={option.type === 'int'}
            placeholder={String(option.default)}
            value={value}
            onChange={(text) => onChange(key, text)}
          />
        );
      })}
    </div>
  );
}
