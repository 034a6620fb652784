/**
 * The workspace folder, when one is open: its documents (open one to review it), whether opened
 * documents join it, adding the document on screen, a strategy run over all documents with one
 * progress bar, the batch export, and re-anchoring when a document's source changed.
 */
import { useEffect, useState } from 'react';
import { useSession } from '../../stores/session';
import { useUiStore } from '../../stores/ui';
import {
  addOpenDocumentToWorkspace, applyReanchor, cancelBatch, exportWorkspace, importFolder, openNextToReview, openWorkspaceDocument, previewReanchor,
  refreshWorkspace, removeWorkspaceDocument, startBatch,
} from '../../services/workspace';
import { jobOf, useJobs } from '../../stores/jobs';
import { useWorkspaceStore } from '../../stores/workspace';
import { Panel } from '../Panel';
import { DamagedDocuments } from './DamagedDocuments';
import { SelectionField } from './SelectionField';
import { TextField } from '../run/TextField';
import { parallelFrom } from '../run/run-options';
import { describeError } from '../../services/errors';
import { isModelStrategy } from '../../../shared/strategies/run-options';
import { sharedOption } from '../../../shared/strategies/shared-options';
import './workspace.css';

/** The batch's "Windows at once": the Run panel's field of the same option, the same text in the form. */
const PARALLEL = sharedOption('parallel');

function ReanchorBox() {
  const source = useSession((s) => s.shownInWorkspace?.source ?? null);
  const preview = useSession((s) => s.shownInWorkspace?.reanchorPreview ?? null);
  if (source?.state !== 'changed') return null;
  return (
    <div className="source-changed" data-testid="source-changed">
      <p>
        The source changed since it was segmented ({source.recordedChars} → {source.currentChars} chars). Saved boundaries are not shown until they are
        re-anchored by their text.
      </p>
      {preview && (
        <ul>
          {preview.segmentations.map((s) => (
            <li key={s.name}>
              {s.name}: {s.placed} found{s.approximate ? ` (${s.approximate} approximately)` : ''}, {s.unplaced.length} not found
              {s.unplaced.length > 0 && ` — e.g. “${s.unplaced[0]!.anchor.slice(0, 40)}…”`}
            </li>
          ))}
        </ul>
      )}
      <div className="button-row">
        <button data-testid="reanchor-preview" onClick={() => void previewReanchor()}>
          Check re-anchoring
        </button>
        <button data-testid="reanchor-apply" onClick={() => void applyReanchor()}>
          Re-anchor
        </button>
      </div>
    </div>
  );
}

/** A folder on this machine (the services run here too), copied into the workspace or referenced. */
function ImportFolderForm() {
  const [path, setPath] = useState('');
  const [mode, setMode] = useState<'copy' | 'reference'>('copy');
  return (
    <form
      className="import-folder"
      onSubmit={(e) => {
        e.preventDefault();
        void importFolder(path.trim(), mode).then((done) => done && setPath(''));
      }}
    >
      <input data-testid="workspace-import-path" value={path} onChange={(e) => setPath(e.target.value)} placeholder="Folder to import, e.g. /home/me/reports" aria-label="Folder to import" />
      <select data-testid="workspace-import-mode" value={mode} onChange={(e) => setMode(e.target.value as 'copy' | 'reference')} title="Copy the files into the workspace, or refer to them where they are">
        <option value="copy">copy</option>
        <option value="reference">reference</option>
      </select>
      <button type="submit" data-testid="workspace-import" disabled={path.trim() === ''}>
        Import
      </button>
    </form>
  );
}

export function WorkspacePanel() {
  useEffect(() => void refreshWorkspace(), []);
  const dir = useWorkspaceStore((s) => s.dir);
  const documents = useWorkspaceStore((s) => s.documents);
  const batchId = useWorkspaceStore((s) => s.batchId);
  // The batch's progress and outcomes are its job's (jobs slice).
  const batch = useJobs((s) => jobOf(s, batchId, 'batch'));
  const addOpened = useWorkspaceStore((s) => s.addOpened);
  const setAddOpened = useWorkspaceStore((s) => s.setAddOpened);
  const openId = useSession((s) => s.shownInWorkspace?.id ?? null);
  const documentId = useSession((s) => s.documentId);
  const inWorkspace = useSession((s) => s.workspaceDocumentId !== null) || openId !== null;
  const strategy = useUiStore((s) => s.runForm.strategy);
  const parallel = useUiStore((s) => s.runForm.parallel ?? '');
  if (!dir) return null;
  // A model strategy's documents share the local engine's sequences: the field says how many windows at once.
  const isModel = isModelStrategy(strategy);
  const runAll = () => {
    let options;
    try {
      const n = isModel ? parallelFrom(parallel) : undefined;
      options = n === undefined ? {} : { parallel: n };
    } catch (err) {
      useUiStore.getState().notify('error', describeError(err));
      return;
    }
    void startBatch(strategy, options);
  };
  const running = batchId !== null && (batch === null || batch.status === 'running');
  const outcomes = batch?.result?.outcomes ?? null;
  const fraction = running ? (batch?.progress?.fraction ?? 0) : 1;
  return (
    <Panel
      title="Workspace"
      className="workspace-panel"
      label="Workspace"
      testId="workspace-panel"
      meta={
        <span className="panel-meta" title={dir}>
          {documents.length} documents
        </span>
      }
    >
      <ul className="workspace-documents">
        {documents.map((d) => (
          <li key={d.id} className={d.id === openId ? 'open' : ''}>
            <button data-testid="workspace-document" data-id={d.id} data-state={d.state} onClick={() => void openWorkspaceDocument(d.id)} title={`${d.name}: ${d.strategies.join(', ') || 'no runs yet'}`}>
              {d.name}
              <span className={`correction-state ${d.state}`} data-testid="correction-state">
                {d.state}
                {d.corrected && d.state === 'edited' ? ` ${d.corrected.reviewed}/${d.corrected.segments}` : ''}
              </span>
            </button>
            <button className="remove-document" data-testid="workspace-remove" aria-label={`Remove ${d.name} from the workspace`} title="Remove from the workspace (moved to removed/, not deleted)" onClick={() => void removeWorkspaceDocument(d.id, d.name)}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <label className="setting" title="A file opened, dropped or pasted is copied into the workspace, so its corrections are saved">
        <input type="checkbox" data-testid="workspace-add-opened" checked={addOpened} onChange={(e) => setAddOpened(e.target.checked)} />
        Add opened documents to the workspace
      </label>
      <DamagedDocuments />
      <div className="button-row">
        <button data-testid="workspace-add" disabled={!documentId || inWorkspace} onClick={() => void addOpenDocumentToWorkspace()}>
          Add this document
        </button>
        <button data-testid="workspace-next" disabled={documents.length < 2} onClick={() => void openNextToReview()} title="Open the next document not fully reviewed">
          Next to review
        </button>
      </div>
      <ImportFolderForm />
      <ReanchorBox />
      {isModel && (
        <TextField
          label={PARALLEL.field.label}
          title={PARALLEL.help}
          testId="batch-parallel"
          numeric
          placeholder={PARALLEL.field.placeholder}
          value={parallel}
          onChange={(value) => useUiStore.getState().updateRunForm({ parallel: value })}
        />
      )}
      <div className="button-row">
        <button data-testid="batch-run" disabled={running || documents.length === 0} onClick={runAll} title="Run the strategy chosen above on every document">
          Run {strategy} on all
        </button>
        {running && <button onClick={() => void cancelBatch()}>Cancel</button>}
      </div>
      {batchId !== null && (
        <div data-testid="batch-progress" data-fraction={fraction}>
          <progress max={1} value={fraction} />
          <span className="muted">
            {running
              ? `${Math.round(fraction * 100)}% ${batch?.progress?.current ?? ''}`
              : outcomes
                ? `${outcomes.filter((o) => o.ok).length}/${outcomes.length} done`
                : `failed: ${batch?.error ?? 'unknown error'}`}
          </span>
          {outcomes?.filter((o) => !o.ok).map((o) => (
            <p key={o.workspaceDocumentId} className="error">
              {o.name}: {o.error}
            </p>
          ))}
        </div>
      )}
      <SelectionField />
      <div className="button-row" title="Export the corrected documents chosen above">
        <button data-testid="workspace-export-training" onClick={() => void exportWorkspace('training')}>
          Training JSONL
        </button>
        <button data-testid="workspace-export-wiki" onClick={() => void exportWorkspace('wiki727k')}>
          WIKI-727K
        </button>
      </div>
    </Panel>
  );
}
