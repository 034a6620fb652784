import { describe, expect, it } from 'vitest';
import { useUiStore } from './ui';

describe('ui store', () => {
  it('keeps the last five notices and dismisses one by id', () => {
    const ui = useUiStore.getState();
    for (let i = 1; i <= 7; i++) ui.notify('error', `failure ${i}`);
    const notices = useUiStore.getState().notices;
    expect(notices.map((n) => n.message)).toEqual(['failure 3', 'failure 4', 'failure 5', 'failure 6', 'failure 7']);
    ui.dismiss(notices[0]!.id);
    expect(useUiStore.getState().notices).toHaveLength(4);
  });

  it('shows a repeated message once, as the newest, while a different kind of notice stays apart', () => {
    useUiStore.setState({ notices: [] });
    const ui = useUiStore.getState();
    ui.notify('error', 'Could not read the workspace');
    ui.notify('info', 'Saved');
    ui.notify('error', 'Could not read the workspace');
    ui.notify('info', 'Could not read the workspace');
    expect(useUiStore.getState().notices.map((n) => `${n.kind}: ${n.message}`)).toEqual([
      'info: Saved',
      'error: Could not read the workspace',
      'info: Could not read the workspace',
    ]);
  });

  it('turns each outline click into a new reveal request, even for the same segment', () => {
    const ui = useUiStore.getState();
    ui.reveal(3);
    const first = useUiStore.getState().revealRequest;
    ui.reveal(3);
    const second = useUiStore.getState().revealRequest;
    expect(first?.index).toBe(3);
    expect(second?.seq).toBe((first?.seq ?? 0) + 1);
    expect(useUiStore.getState().currentSegment).toBe(3);
  });
});
