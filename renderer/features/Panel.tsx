/** A side panel: `<section class="panel ...">` with its header line (title, then `meta`: counts, badges, buttons). */
import type { ReactNode } from 'react';

export function Panel(props: { title: ReactNode; className?: string; label?: string; testId?: string; meta?: ReactNode; children: ReactNode }) {
  return (
    <section className={props.className ? `panel ${props.className}` : 'panel'} aria-label={props.label} data-testid={props.testId}>
      <header className="panel-header">
        <h2>{props.title}</h2>
        {props.meta}
      </header>
      {props.children}
    </section>
  );
}
