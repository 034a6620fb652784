/** Error and info messages. Errors stay until dismissed; infos fade after a few seconds. */
import { useEffect } from 'react';
import { useUiStore, type Notice } from '../../stores/ui';

const INFO_LIFETIME_MS = 6000;

export function Notices() {
  const notices = useUiStore((s) => s.notices);
  if (notices.length === 0) return null;
  return (
    <div className="notices">
      {notices.map((n) => (
        <NoticeRow key={n.id} notice={n} />
      ))}
    </div>
  );
}

function NoticeRow({ notice }: { notice: Notice }) {
  useEffect(() => {
    if (notice.kind !== 'info') return;
    const timer = setTimeout(() => useUiStore.getState().dismiss(notice.id), INFO_LIFETIME_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return (
    <div className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      <span>{notice.message}</span>
      <button className="notice-close" aria-label="Dismiss" onClick={() => useUiStore.getState().dismiss(notice.id)}>
        ×
      </button>
    </div>
  );
}
