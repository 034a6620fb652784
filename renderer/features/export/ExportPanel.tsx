/** Export the shown result through the shared writers and save it as a file. */
import type { ExportFormat } from '../../../shared/ipc/contract';
import { EXPORT_FORMATS, exportCurrent } from '../../services/exports';
import { useUiStore } from '../../stores/ui';
import { Panel } from '../Panel';
import { RetrievalOptions } from './RetrievalOptions';
import { useSession } from '../../stores/session';
import { useExportForm } from '../../stores/export-form';
import { OFFSET_UNIT_DESCRIPTIONS, OFFSET_UNITS, type OffsetUnit } from '../../../shared/text/offset-units';

export function ExportPanel() {
  const format = useUiStore((s) => s.exportFormat);
  const hasResult = useSession((s) => s.current !== null);
  const offsets = useExportForm((s) => s.form.offsets);
  const topicHeadings = useExportForm((s) => s.form.topicHeadings);
  return (
    <Panel title="Export" className="export-panel" label="Export">
      <div className="button-row">
        <select data-testid="export-format" value={format} onChange={(e) => useUiStore.getState().setExportFormat(e.target.value as ExportFormat)}>
          {EXPORT_FORMATS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
        <button data-testid="export" disabled={!hasResult} onClick={() => void exportCurrent(format)}>
          Export
        </button>
      </div>
      <label title="The unit of start and end in JSON, JSONL, CSV and Markdown; the file names it">
        Offsets{' '}
        <select data-testid="export-offsets" value={offsets} onChange={(e) => useExportForm.getState().update({ offsets: e.target.value as OffsetUnit })}>
          {OFFSET_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {OFFSET_UNIT_DESCRIPTIONS[unit]}
            </option>
          ))}
        </select>
      </label>
      {format === 'markdown' && (
        <label title="Each segment's topic as a ## heading above its text; without it the topic stays in the segment's marker comment">
          <input
            type="checkbox"
            data-testid="export-topic-headings"
            checked={topicHeadings}
            onChange={(e) => useExportForm.getState().update({ topicHeadings: e.target.checked })}
          />{' '}
          Topics as headings
        </label>
      )}
      <RetrievalOptions />
    </Panel>
  );
}
