/**
 * The host's inference servers: health, server kind, model, slots and adapters, one row each;
 * whether a key goes to it (never the key). With `onRemove`, a server added from the Models screen
 * has a Remove button (the start-up ones are the host's to change).
 */
import type { ListedEndpoint } from '../../../shared/ipc/contract';

export function EndpointList({ endpoints, onRemove }: { endpoints: ListedEndpoint[]; onRemove?: (url: string) => void }) {
  return (
    <ul className="endpoint-list" data-testid="endpoint-list">
      {endpoints.map((e) => (
        <li key={e.endpoint} data-testid="endpoint" data-endpoint={e.endpoint} data-source={e.source} data-ok={e.ok ? 'true' : 'false'}>
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
            <>
              {e.namedKind && <span className="muted">{e.namedKind} · </span>}
              <span className="error-text">{e.error}</span>
            </>
          )}{' '}
          <span className="muted" data-testid="endpoint-source">
            ({e.source === 'added' ? 'added here' : 'start-up'}
            {e.hasKey ? ', with a key' : ''})
          </span>
          {onRemove && e.source === 'added' && (
            <>
              {' '}
              <button className="small" data-testid="endpoint-remove" aria-label={`Remove ${e.endpoint}`} onClick={() => onRemove(e.endpoint)}>
                Remove
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
