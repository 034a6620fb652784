/** Export the shown result through the shared writers and save it as a file. */
import type { ExportFormat } from '../../../shared/ipc/contract';
import { EXPORT_FORMATS, exportCurrent } from '../../services/exports';
import { useUiStore } from '../../stores/ui';
import { Panel } from '../Panel';
import { RetrievalOptions } from './RetrievalOptions';
import { useSession } from '../../stores/session';

export function ExportPanel() {
  const format = useUiStore((s) => s.exportFormat);
  const hasResult = useSession((s) => s.current !== null);
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
      <RetrievalOptions />
    </Panel>
  );
}
