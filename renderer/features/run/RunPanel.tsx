/** Choose a strategy and its options, run it, follow its progress, cancel it. */
import { useEffect } from 'react';
import type { StrategyInfo } from '../../../shared/ipc/contract';
import { describeError } from '../../services/errors';
import { refreshEndpoints, runDoctor } from '../../services/models';
import { cancelRun, startRun } from '../../services/runs';
import { useModelsStore } from '../../stores/models';
import { isRunActive, useSession } from '../../stores/session';
import { useUiStore } from '../../stores/ui';
import { RunProgressBar } from './RunProgressBar';
import { TextField } from './TextField';
import { runOptionsFrom } from './run-options';
import { Panel } from '../Panel';
import { findStrategy } from '../../../shared/strategies/catalog';
import { StrategyOptionFields } from './StrategyOptionFields';
import { SharedOptionFields } from './SharedOptionFields';
import { EndpointList } from '../models/EndpointList';
import { SizeSlider } from '../size-slider/SizeSlider';
import { useSideTab } from '../side-tabs/SideTabs';

function usableStrategies(all: StrategyInfo[]): StrategyInfo[] {
  // Rule strategies are always available; `learned` only once the workspace has a trained model.
  return all.filter((s) => s.available);
}

export function RunPanel() {
  const strategies = useModelsStore((s) => s.strategies);
  const doctorProfiles = useModelsStore((s) => s.doctor?.profiles);
  const endpoints = useModelsStore((s) => s.endpoints);
  const form = useUiStore((s) => s.runForm);
  const status = useSession((s) => s.run.status);
  const active = isRunActive(status);
  const usable = usableStrategies(strategies);
  const missing = strategies.filter((s) => s.kind === 'model' && !s.available);
  // `learned` waits for a trained model: say so, or a new user never learns it exists.
  const untrained = strategies.filter((s) => s.kind === 'rules' && !s.available);
  const selected = strategies.find((s) => s.name === form.strategy);
  const declaration = selected && findStrategy(selected.name);
  const update = useUiStore.getState().updateRunForm;

  // The profile suggestions come from the doctor's report: ask once a model strategy is chosen.
  const wantsProfiles = selected?.kind === 'model' && doctorProfiles === undefined;
  useEffect(() => {
    if (wantsProfiles) void runDoctor();
  }, [wantsProfiles]);
  // Whether the host has inference servers: asked once a model strategy is chosen.
  const wantsEndpoints = selected?.kind === 'model' && endpoints === null;
  useEffect(() => {
    if (wantsEndpoints) void refreshEndpoints();
  }, [wantsEndpoints]);

  const run = () => {
    let options;
    try {
      options = runOptionsFrom(form, selected);
    } catch (err) {
      useUiStore.getState().notify('error', describeError(err));
      return;
    }
    void startRun(form.strategy, { options, keepPrevious: form.keepPrevious });
  };

  return (
    <Panel title="Run" className="run-panel" label="Run">
      <label className="field">
        <span>Strategy</span>
        <select data-testid="strategy-select" value={form.strategy} onChange={(e) => update({ strategy: e.target.value })}>
          {usable.length === 0 && <option value={form.strategy}>{form.strategy}</option>}
          {usable.map((s) => (
            <option key={s.name} value={s.name} title={s.description}>
              {s.name}
              {s.kind === 'model' ? ' (model)' : ''}
            </option>
          ))}
        </select>
      </label>
      {selected && <p className="hint">{selected.description}</p>}
      <SharedOptionFields kind={selected?.kind} backend={form.backend} values={form} onChange={(key, value) => update({ [key]: value })} />
      <SizeSlider />
      {declaration && (
        <StrategyOptionFields
          declaration={declaration}
          values={form.own?.[declaration.name] ?? {}}
          onChange={(key, value) => update({ own: { ...form.own, [declaration.name]: { ...form.own?.[declaration.name], [key]: value } } })}
        />
      )}
      {selected?.kind === 'model' && (
        <TextField
          label="Profile"
          testId="profile"
          list="profile-names"
          placeholder="the strategy's default"
          value={form.profile}
          onChange={(profile) => update({ profile })}
        >
          <datalist id="profile-names">
            {doctorProfiles?.map((p) => <option key={p.name} value={p.name} />)}
          </datalist>
        </TextField>
      )}
      {selected?.kind === 'model' && endpoints && endpoints.length > 0 && (
        <>
          <label className="field">
            <span>Runs on</span>
            <select data-testid="backend-select" value={form.backend} onChange={(e) => update({ backend: e.target.value as 'local' | 'remote' })}>
              <option value="local">this machine</option>
              <option value="remote">inference servers ({endpoints.length})</option>
            </select>
          </label>
          {form.backend === 'remote' && <EndpointList endpoints={endpoints} />}
        </>
      )}
      {selected?.kind === 'model' && (
        <label className="check" title="One sequence on this machine, one request per server: the same document gives the same result every time (several windows in one decode step round differently)">
          <input type="checkbox" data-testid="deterministic" checked={form.deterministic ?? false} onChange={(e) => update({ deterministic: e.target.checked })} />
          <span>One window at a time (repeatable results)</span>
        </label>
      )}
      <label className="check">
        <input
          type="checkbox"
          data-testid="keep-results"
          checked={form.keepPrevious}
          onChange={(e) => update({ keepPrevious: e.target.checked })}
        />
        <span>Keep the previous result beside the new one</span>
      </label>
      <div className="button-row">
        <button className="primary" data-testid="run" disabled={active} onClick={run}>
          Run
        </button>
        <button data-testid="cancel" disabled={!active} onClick={() => void cancelRun()}>
          Cancel
        </button>
      </div>
      <RunProgressBar />
      {missing.length > 0 && (
        <p className="hint">
          Not installed: {missing.map((s) => s.name).join(', ')}.{' '}
          <button className="link" onClick={() => useUiStore.getState().showScreen('models')}>
            Models…
          </button>
        </p>
      )}
      {untrained.map((s) => (
        <p className="hint" key={s.name} data-testid="strategy-unavailable">
          Not yet: {s.name} ({s.reason ?? 'not available'}).{' '}
          <button className="link" onClick={() => useSideTab.getState().show('learn')}>
            Learn…
          </button>
        </p>
      ))}
    </Panel>
  );
}
