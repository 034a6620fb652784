/**
 * Errors and infos as toasts (issue 31, item 4): stacked in the window's bottom-right corner over
 * the content, so they move nothing; each on the screen that raised it only; each dismissable.
 * Errors stay until dismissed; infos fade after a few seconds. A notice may carry one action
 * (an Undo), which dismisses it once pressed.
 */
import { useEffect } from 'react';
import { useUiStore, type Notice } from '../../stores/ui';
import './notices.css';

const INFO_LIFETIME_MS = 6000;

export function Notices() {
  const screen = useUiStore((s) => s.screen);
  const notices = useUiStore((s) => s.notices);
  const shown = notices.filter((n) => n.screen === screen);
  return (
    <div className="notices" data-testid="notices" aria-live="polite">
      {shown.map((n) => (
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
  const dismiss = () => useUiStore.getState().dismiss(notice.id);
  return (
    <div className={`notice notice-${notice.kind}`} data-testid="notice" role={notice.kind === 'error' ? 'alert' : 'status'}>
      <span className="notice-message">{notice.message}</span>
      {notice.action && (
        <button
          className="small"
          data-testid="notice-action"
          onClick={() => {
            dismiss();
            notice.action!.run();
          }}
        >
          {notice.action.label}
        </button>
      )}
      <button className="notice-close" data-testid="notice-dismiss" aria-label="Dismiss" onClick={dismiss}>
        ×
      </button>
    </div>
  );
}
