/** What each exported chunk carries for retrieval; the segmentation itself never changes. */
import { HEADING_MODES, TOKENIZER_NAMES } from '../../../shared/chunks';
import { useExportForm, type ExportForm } from '../../stores/export-form';

export function RetrievalOptions() {
  const form = useExportForm((s) => s.form);
  const update = useExportForm((s) => s.update);
  return (
    <details className="retrieval-options" data-testid="retrieval-options">
      <summary>Retrieval options</summary>
      <label className="field">
        <span>Overlap</span>
        <input data-testid="export-overlap" inputMode="numeric" placeholder="none" value={form.overlap} onChange={(e) => update({ overlap: e.target.value })} />
        <select data-testid="export-overlap-unit" value={form.overlapUnit} onChange={(e) => update({ overlapUnit: e.target.value as ExportForm['overlapUnit'] })}>
          <option value="chars">characters</option>
          <option value="tokens">tokens</option>
        </select>
      </label>
      <label className="check">
        <input type="checkbox" data-testid="export-overlap-inline" checked={form.overlapInline} onChange={(e) => update({ overlapInline: e.target.checked })} />
        Overlap also in the chunk text
      </label>
      <label className="field">
        <span>Headings</span>
        <select data-testid="export-headings" value={form.headings} onChange={(e) => update({ headings: e.target.value as ExportForm['headings'] })}>
          {HEADING_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {mode === 'off' ? 'off' : mode === 'field' ? 'as a field' : 'as a field and in front of the text'}
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input type="checkbox" data-testid="export-repair-blocks" checked={form.repairBlocks} onChange={(e) => update({ repairBlocks: e.target.checked })} />
        Repeat table headers and code fences in split blocks
      </label>
      <label className="field">
        <span>Token counts</span>
        <select data-testid="export-tokenizer" value={form.tokenizer} onChange={(e) => update({ tokenizer: e.target.value as ExportForm['tokenizer'] })}>
          <option value="">none</option>
          {TOKENIZER_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
    </details>
  );
}
