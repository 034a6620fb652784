/** The host's inference server endpoints: health, server kind, model and adapters, one row each. */
import type { EndpointHealth } from '../../../shared/ipc/contract';

export function EndpointList({ endpoints }: { endpoints: EndpointHealth[] }) {
  return (
    <ul className="endpoint-list" data-testid="endpoint-list">
      {endpoints.map((e) => (
        <li key={e.endpoint}>
          <code>{e.endpoint}</code>{' '}
          {e.ok ? (
            <>
              <span className="ok">ok</span>{' '}
              <span className="muted">
                {e.kind} · {e.model?.split(/[\\/]/).pop()}
                {e.slots ? ` · ${e.slots} slots` : ''} · adapters: {e.adapters?.length ? e.adapters.join(', ') : 'none'}
              </span>
            </>
          ) : (
            <span className="error-text">{e.error}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
