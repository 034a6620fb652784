/** One labelled text input of the run form; "numeric" brings up a number keypad where there is one. */
import type { ReactNode } from 'react';

export function TextField(props: {
  label: string;
  testId: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  numeric?: boolean;
  /** A tooltip: what the field means. */
  title?: string;
  /** The id of a <datalist> of suggestions, passed as children so it sits inside the label. */
  list?: string;
  children?: ReactNode;
}) {
  return (
    <label className="field" title={props.title}>
      <span>{props.label}</span>
      <input
        data-testid={props.testId}
        inputMode={props.numeric ? 'numeric' : undefined}
        list={props.list}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.children}
    </label>
  );
}
