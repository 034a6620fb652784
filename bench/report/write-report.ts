/**
 * How every benchmark report leaves: NAME.json and NAME.html in the report folder, then either the
 * JSON on stdout (for pipes, the file note on stderr) or the table for people.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function writeReport(out: string, name: string, report: unknown, view: { html: string; table: string; json: boolean }): void {
  mkdirSync(out, { recursive: true });
  const json = JSON.stringify(report, null, 2) + '\n';
  writeFileSync(join(out, `${name}.json`), json);
  writeFileSync(join(out, `${name}.html`), view.html);
  const wrote = `wrote ${join(out, `${name}.json`)} and ${join(out, `${name}.html`)}\n`;
  if (view.json) {
    // stdout stays pure JSON for pipes; the file note goes to stderr.
    process.stdout.write(json);
    process.stderr.write(wrote);
  } else {
    process.stdout.write(view.table + wrote);
  }
}
