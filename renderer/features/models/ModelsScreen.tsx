/** Installed models and adapters, the compute backend and profiles, pulls with progress, imports. */
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { PullJob } from '../../../shared/ipc/contract';
import { IMPORT_PURPOSE_LABELS, IMPORT_PURPOSES, type ImportPurpose } from '../../../shared/models/import-purpose';
import { SERVER_KINDS, type ServerKind } from '../../../shared/models/inference-servers';
import type { InstalledModel } from '../../../shared/ipc/contract';
import {
  addEndpoint,
  cancelPickedImport,
  cancelPull,
  deleteModel,
  importModel,
  importPicked,
  pullModel,
  refreshEndpoints,
  refreshModels,
  removeEndpoint,
  renameModel,
  replaceModel,
  runDoctor,
  runSelftest,
} from '../../services/models';
import { pullJobs, useJobs } from '../../stores/jobs';
import { useModelsStore } from '../../stores/models';
import { Panel } from '../Panel';
import { EndpointList } from './EndpointList';
import { LoadedNow } from './LoadedNow';

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${numberFormat.format(bytes / 1024)} KiB`;
  if (bytes < 1024 ** 3) return `${numberFormat.format(bytes / 1024 ** 2)} MiB`;
  return `${numberFormat.format(bytes / 1024 ** 3)} GiB`;
}

export function ModelsScreen() {
  useEffect(() => {
    void refreshModels();
    void runDoctor();
    void refreshEndpoints();
  }, []);
  return (
    <div className="models-screen" data-testid="models-screen">
      <BackendSection />
      <SelftestSection />
      <EndpointsSection />
      <InstalledSection />
      <ImportSection />
    </div>
  );
}

function BackendSection() {
  const doctor = useModelsStore((s) => s.doctor);
  const pulls = useJobs(useShallow(pullJobs));
  return (
    <Panel
      title="Compute backend and profiles"
      meta={
        <button className="small" onClick={() => void runDoctor()}>
          Check again
        </button>
      }
    >
      {!doctor ? (
        <p className="muted">Checking…</p>
      ) : (
        <>
          <dl className="details-grid">
            <dt>Backend</dt>
            <dd data-testid="backend">{doctor.backend}</dd>
            <dt>Devices</dt>
            <dd>{doctor.devices.length ? doctor.devices.join(', ') : <span className="muted">none reported</span>}</dd>
            <dt>Models folder</dt>
            <dd>
              <code>{doctor.modelsDir}</code>
            </dd>
          </dl>
          <LoadedNow />
          <table className="table">
            <thead>
              <tr>
                <th>Profile</th>
                <th>Status</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {doctor.profiles.map((p) => {
                const pull = [...pulls].reverse().find((x) => x.profile === p.name);
                return (
                  <tr key={p.name}>
                    <td>{p.name}</td>
                    <td>{p.ready ? <span className="ok">ready</span> : <span className="muted">missing {p.missing.join(', ')}</span>}</td>
                    <td className="cell-actions">
                      {pull?.status === 'running' ? (
                        <PullProgress pull={pull} />
                      ) : (
                        !p.ready && (
                          <button className="small" onClick={() => void pullModel(p.name)}>
                            Pull
                          </button>
                        )
                      )}
                      {pull?.status === 'failed' && <span className="error-text">{pull.error}</span>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
    </Panel>
  );
}

const percent = (x: number) => `${Math.round(x * 100)}%`;

/** `models selftest` on the ready profiles: one row per prompt layout variant, the best marked. */
function SelftestSection() {
  const { running, result } = useModelsStore((s) => s.selftest);
  const best = new Set(result?.best.map((b) => b.variant));
  return (
    <Panel
      title="Self-test: which prompt layout suits each model"
      meta={
        <>
          <button className="small" disabled={running} onClick={() => void runSelftest(false)} data-testid="run-selftest">
            {running ? 'Running…' : 'Run self-test'}
          </button>{' '}
          <button className="small" disabled={running || !result?.best.length} onClick={() => void runSelftest(true)}>
            Run and keep the best
          </button>
        </>
      }
    >
      {!result ? (
        <p className="muted">Runs every prompt layout of each ready profile on documents made of real texts joined at known points.</p>
      ) : (
        <>
          <table className="table" data-testid="selftest-table">
            <thead>
              <tr>
                <th>Variant</th>
                <th>Parse</th>
                <th>Placed</th>
                <th>Joins</th>
                <th>Repeat</th>
                <th>tok/s</th>
                <th>Score</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((r) => (
                <tr key={r.variant}>
                  <td>
                    {r.variant}
                    {best.has(r.variant) && <span className="ok"> best</span>}
                  </td>
                  <td>{percent(r.parseShare)}</td>
                  <td>{percent(r.headsPlaced)}</td>
                  <td>{percent(r.joinsFound)}</td>
                  <td>{percent(r.repetition)}</td>
                  <td>{numberFormat.format(r.tokensPerSecond)}</td>
                  <td>{r.score.toFixed(3)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted">Score = {result.scoreRule}.</p>
          {result.applied.length > 0 && <p>Kept in: {result.applied.join(', ')}</p>}
        </>
      )}
    </Panel>
  );
}

function EndpointsSection() {
  const endpoints = useModelsStore((s) => s.endpoints);
  return (
    <Panel
      title="Inference servers"
      testId="inference-servers"
      meta={
        <button className="small" onClick={() => void refreshEndpoints()}>
          Check again
        </button>
      }
    >
      {endpoints === null ? (
        <p className="muted">Checking…</p>
      ) : endpoints.length === 0 ? (
        <p className="muted">
          None yet. Add a llama-server or vLLM below (or start the workbench with <code>WORKBENCH_ENDPOINTS</code>) to run model strategies on it.
        </p>
      ) : (
        <EndpointList endpoints={endpoints} onRemove={(url) => void removeEndpoint(url)} />
      )}
      <AddEndpointForm />
    </Panel>
  );
}

/** A server's URL, its kind (or detect it) and an API key, which goes to that server alone and is never shown again. */
function AddEndpointForm() {
  const [url, setUrl] = useState('');
  const [kind, setKind] = useState<ServerKind | ''>('');
  const [apiKey, setApiKey] = useState('');
  const [adding, setAdding] = useState(false);
  const add = async () => {
    setAdding(true);
    const added = await addEndpoint(url.trim(), kind === '' ? null : kind, apiKey.trim());
    setAdding(false);
    if (added) {
      setUrl('');
      setApiKey('');
    }
  };
  return (
    <>
      <p className="hint">
        Add a llama-server or vLLM by its URL. The host keeps it (in the models folder) across restarts; an API key given here is sent to that server alone and
        is never shown again.
      </p>
      <form
        className="button-row add-endpoint"
        data-testid="add-endpoint"
        onSubmit={(e) => {
          e.preventDefault();
          if (url.trim() !== '' && !adding) void add();
        }}
      >
        <input className="grow" placeholder="http://gpu1:8080" aria-label="Server URL" value={url} onChange={(e) => setUrl(e.target.value)} data-testid="endpoint-url" />
        <select value={kind} onChange={(e) => setKind(e.target.value as ServerKind | '')} aria-label="Server kind" data-testid="endpoint-kind">
          <option value="">detect the kind</option>
          {SERVER_KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
        <input
          type="password"
          autoComplete="off"
          placeholder="API key (optional)"
          aria-label="API key"
          title="Sent to this server alone; kept by the host, never shown again"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          data-testid="endpoint-api-key"
        />
        <button type="submit" disabled={url.trim() === '' || adding} data-testid="endpoint-add">
          {adding ? 'Adding…' : 'Add server'}
        </button>
      </form>
    </>
  );
}

function PullProgress({ pull }: { pull: PullJob }) {
  const { file = null, downloadedBytes = 0, totalBytes = null, retry } = pull.progress ?? {};
  const fraction = totalBytes ? downloadedBytes / totalBytes : null;
  return (
    <div className="pull-progress" data-testid="pull-progress">
      <div className="progress-track">
        <div
          className={fraction === null ? 'progress-fill indeterminate' : 'progress-fill'}
          style={{ width: fraction === null ? undefined : `${Math.round(fraction * 100)}%` }}
        />
      </div>
      <span className="muted">
        {file ?? 'starting'} · {formatBytes(downloadedBytes)}
        {totalBytes ? ` of ${formatBytes(totalBytes)}` : ''}
      </span>
      {retry && <span className="muted" data-testid="pull-retry"> · {`${retry.reason}; try ${retry.attempt} of ${retry.of}`}</span>}{' '}
      <button className="small" data-testid="cancel-pull" onClick={() => void cancelPull(pull.id)}>
        Cancel
      </button>
    </div>
  );
}

function InstalledSection() {
  const installed = useModelsStore((s) => s.installed);
  return (
    <Panel
      title="Installed models and adapters"
      meta={
        <button className="small" onClick={() => void refreshModels()}>
          Refresh
        </button>
      }
    >
      {installed.length === 0 ? (
        <p className="muted">No model files in the models folder.</p>
      ) : (
        <table className="table" data-testid="installed-models">
          <thead>
            <tr>
              <th>File</th>
              <th>Kind</th>
              <th>Architecture</th>
              <th className="num">Size</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {installed.map((m) => (
              <InstalledRow key={m.file} model={m} />
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

/** What a row is being mended with: nothing, a new name, a file to replace it with, or a delete to confirm. */
type Mending = { kind: 'none' } | { kind: 'rename'; value: string } | { kind: 'replace'; value: string } | { kind: 'delete' };

/**
 * One installed file: what it is and serves, what its own name and header say against that
 * (a warning on the row), and Rename, Replace and Delete, each asked in the row itself.
 */
function InstalledRow({ model: m }: { model: InstalledModel }) {
  const [mending, setMending] = useState<Mending>({ kind: 'none' });
  const [busy, setBusy] = useState(false);
  // A file that fails verification (a crafted or cut header) has a problem and no known kind.
  const problem = typeof m.metadata.problem === 'string' ? m.metadata.problem : null;
  const name = m.file.split('/').pop() ?? m.file;
  const act = async (work: () => Promise<boolean | void>) => {
    setBusy(true);
    const done = await work();
    setBusy(false);
    if (done !== false) setMending({ kind: 'none' });
  };
  const submit = () => {
    if (mending.kind === 'rename' && mending.value.trim() !== '' && mending.value.trim() !== name) void act(() => renameModel(m.file, mending.value.trim()));
    else if (mending.kind === 'replace' && mending.value.trim() !== '') void act(() => replaceModel(m.file, mending.value.trim()));
    else if (mending.kind === 'delete') void act(() => deleteModel(m.file));
  };
  return (
    <>
      <tr data-testid={problem ? 'damaged-model' : 'installed-model'} data-file={m.file}>
        <td>
          <code>{m.file}</code>
          {m.purpose && <span className="muted model-purpose"> · {IMPORT_PURPOSE_LABELS[m.purpose]}</span>}
          {m.warnings?.map((w) => (
            <div key={w} className="model-purpose-warning" data-testid="model-purpose-warning" role="note">
              ⚠ {w}
            </div>
          ))}
        </td>
        <td>{problem ? <span className="error-text">damaged</span> : m.kind}</td>
        <td>{problem ? <span className="error-text">{problem}</span> : (m.architecture ?? '–')}</td>
        <td className="num">{formatBytes(m.sizeBytes)}</td>
        <td className="cell-actions model-row-actions">
          <button className="small" disabled={busy} onClick={() => setMending({ kind: 'rename', value: name })} data-testid="model-rename">
            Rename
          </button>{' '}
          <button className="small" disabled={busy} onClick={() => setMending({ kind: 'replace', value: '' })} data-testid="model-replace">
            Replace
          </button>{' '}
          <button className="small" disabled={busy} onClick={() => setMending({ kind: 'delete' })} data-testid="model-delete">
            Delete
          </button>
        </td>
      </tr>
      {mending.kind !== 'none' && (
        <tr className="model-mending">
          <td colSpan={5}>
            <form
              className="button-row"
              data-testid="model-mending"
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              {mending.kind === 'delete' ? (
                <span className="grow">Delete {m.file} from the models folder? A strategy that uses it stops being ready.</span>
              ) : (
                <input
                  className="grow"
                  autoFocus
                  aria-label={mending.kind === 'rename' ? 'New file name' : 'The file to replace it with'}
                  placeholder={mending.kind === 'rename' ? 'new-name.gguf' : '/path/to/replacement.gguf'}
                  value={mending.value}
                  onChange={(e) => setMending({ ...mending, value: e.target.value })}
                  data-testid="model-mending-input"
                />
              )}
              <button type="submit" disabled={busy} data-testid="model-mending-confirm">
                {busy ? 'Working…' : mending.kind === 'rename' ? 'Rename' : mending.kind === 'replace' ? 'Replace' : 'Delete'}
              </button>
              <button type="button" disabled={busy} onClick={() => setMending({ kind: 'none' })}>
                Cancel
              </button>
            </form>
          </td>
        </tr>
      )}
    </>
  );
}

/**
 * Import by purpose, one chooser for both ways a file comes: a path typed here (a file on the
 * machine that runs the services, inside the folders it allows), or the file the desktop's
 * File › Import Model File picked, which is shown here and imported by its pick.
 */
function ImportSection() {
  const picked = useModelsStore((s) => s.pickedImport);
  const [path, setPath] = useState('');
  const [purpose, setPurpose] = useState<ImportPurpose>('base');
  const purposeRef = useRef<HTMLSelectElement>(null);
  const sectionRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!picked) return;
    sectionRef.current?.scrollIntoView({ block: 'nearest' });
    purposeRef.current?.focus();
  }, [picked]);
  const shownPath = picked ? picked.path : path;
  const importNow = () => (picked ? void importPicked(purpose) : void importModel(path.trim(), purpose));
  return (
    <div ref={sectionRef} data-testid="import-section" data-picked={picked ? 'true' : undefined}>
      <Panel title="Import a model file">
        <p className="hint">
          {picked
            ? 'The file picked with File › Import Model File. Say what it is for: it is verified, then copied into the models folder under the name its strategy profile expects, so the strategy becomes ready.'
            : 'A GGUF model or LoRA adapter on the machine that runs the services. Say what it is for: it is verified, then copied into the models folder under the name its strategy profile expects, so the strategy becomes ready.'}
        </p>
        <div className="button-row">
          <input
            className="grow"
            placeholder="/path/to/model.gguf"
            value={shownPath}
            readOnly={picked !== null}
            onChange={(e) => setPath(e.target.value)}
            data-testid="import-model-path"
          />
          <select ref={purposeRef} value={purpose} onChange={(e) => setPurpose(e.target.value as ImportPurpose)} aria-label="What the file is for" data-testid="import-model-purpose">
            {IMPORT_PURPOSES.map((p) => (
              <option key={p} value={p}>
                {IMPORT_PURPOSE_LABELS[p]}
              </option>
            ))}
          </select>
          <button disabled={shownPath.trim() === ''} onClick={importNow} data-testid="import-model">
            Import
          </button>
          {picked && (
            <button onClick={() => cancelPickedImport()} data-testid="import-model-cancel">
              Cancel
            </button>
          )}
        </div>
      </Panel>
    </div>
  );
}
