/**
 * The sync's answer to `stale-base` (issue 36): the page's own change carried over onto the
 * correction saved meanwhile, never its whole correction in place of another page's saved one,
 * unless the two cannot both stand. Over a transport that keeps the correction as the host does
 * (a change applies only to the revision and digest it names).
 */
import { describe, expect, it } from 'vitest';
import type { Segmentation } from '../../shared/document/types';
import { segmentationFromCuts } from '../../shared/document/segmentation';
import { setTopic, splitAt } from '../../shared/edit/operations';
import { applyDelta, diffSegmentations, type SegmentationDelta } from '../../shared/edit/segmentation-delta';
import { segmentationDigest } from '../../shared/edit/segmentation-digest';
import type { ParamsOf } from '../../shared/ipc/contract';
import { WorkbenchCallError } from '../../shared/ipc/wire';
import type { CurrentCorrection, SavedCorrection } from '../../shared/workspace/types';
import { CorrectionSync } from './correction-sync';

const TEXT = Array.from({ length: 8 }, (_, i) => `Paragraph ${i} says one thing. Then another.\n\n`).join('');
const at = (s: string) => TEXT.indexOf(s);
const ID = 'w1';

type SaveParams = ParamsOf<'workspaceSaveCorrection'>;
const stale = () => new WorkbenchCallError({ code: 'stale-base', message: 'stale' });

/** One document's correction as the host keeps it, and the calls the sync made. */
function host(initial: Segmentation | null) {
  let held: CurrentCorrection | null = initial && { revision: 1, digest: segmentationDigest(initial), segmentation: initial };
  const put = (segmentation: Segmentation) => {
    held = { revision: (held?.revision ?? 0) + 1, digest: segmentationDigest(segmentation), segmentation };
    return held;
  };
  const h = {
    calls: [] as string[],
    held: () => held,
    /** Another page's save, acknowledged. */
    saveElsewhere: (segmentation: Segmentation | null) => (segmentation ? put(segmentation) : (held = null)),
    /** Run once, as the next read answers (another save landing just after it). */
    afterRead: null as (() => void) | null,
    readFails: false,
    transport: {
      save: async (params: SaveParams): Promise<SavedCorrection> => {
        if (!('change' in params)) {
          h.calls.push('whole');
          return { saved: true, revision: put(params.segmentation).revision, digest: held!.digest };
        }
        h.calls.push('change');
        const { baseRevision, baseDigest, ...delta } = params.change;
        if (held?.revision !== baseRevision || held.digest !== baseDigest) throw stale();
        return { saved: true, revision: put(applyDelta(TEXT, held.segmentation, delta)).revision, digest: held!.digest };
      },
      clear: async () => {
        held = null;
        return { cleared: true };
      },
      read: async () => {
        h.calls.push('read');
        if (h.readFails) throw new WorkbenchCallError({ code: 'unavailable', message: 'the host is gone' });
        const now = held;
        h.afterRead?.();
        h.afterRead = null;
        return now;
      },
    },
  };
  return h;
}

const BASE = segmentationFromCuts(TEXT, [at('Paragraph 3'), at('Paragraph 6')]);

/** A page that opened the document at revision 1, telling what it is shown of other pages' changes. */
function page(h: ReturnType<typeof host>) {
  const sync = new CorrectionSync(h.transport);
  sync.opened(ID, { revision: 1, segmentation: BASE });
  const shown: { change: SegmentationDelta; written: Segmentation }[] = [];
  sync.onJoined((_id, change, _sent, written) => shown.push({ change, written }));
  return { sync, shown };
}

describe('CorrectionSync after stale-base', () => {
  it("saves its change onto the other page's saved one, and shows that one: both stand", async () => {
    const h = host(BASE);
    const { sync, shown } = page(h);
    const theirs = h.saveElsewhere(splitAt(TEXT, BASE, at('Paragraph 1')))!;
    const mine = splitAt(TEXT, BASE, at('Paragraph 7'));
    await sync.save(ID, { segmentation: mine, basedOnStrategy: null, text: TEXT });
    expect(h.calls).toEqual(['change', 'read', 'change']);
    const both = [at('Paragraph 1'), at('Paragraph 3'), at('Paragraph 6'), at('Paragraph 7')];
    expect(h.held()).toMatchObject({ revision: 3, segmentation: { boundaries: both } });
    expect(shown).toEqual([{ change: diffSegmentations(mine, h.held()!.segmentation), written: h.held()!.segmentation }]);
    expect(shown[0]!.change).toMatchObject({ added: [at('Paragraph 1')], removed: [] });
    expect(sync.baseOf(ID)).toEqual({ revision: 3, digest: h.held()!.digest });
    expect(theirs.revision).toBe(2);
  });

  it("takes the other page's change into an edit waiting in the page meanwhile", async () => {
    const h = host(BASE);
    const { sync } = page(h);
    h.saveElsewhere(splitAt(TEXT, BASE, at('Paragraph 1')));
    const mine = splitAt(TEXT, BASE, at('Paragraph 7'));
    const first = sync.save(ID, { segmentation: mine, basedOnStrategy: null, text: TEXT });
    // Made on what the page shows before it learns of the other page's change.
    const next = sync.save(ID, { segmentation: splitAt(TEXT, mine, at('Paragraph 4')), basedOnStrategy: null, text: TEXT });
    await Promise.all([first, next]);
    expect(h.calls).toEqual(['change', 'read', 'change', 'change']);
    expect(h.held()?.segmentation.boundaries).toEqual([at('Paragraph 1'), at('Paragraph 3'), at('Paragraph 4'), at('Paragraph 6'), at('Paragraph 7')]);
  });

  it('where both changed the same place, sends its whole correction: the later one wins, shown as it is', async () => {
    const h = host(BASE);
    const { sync, shown } = page(h);
    h.saveElsewhere(setTopic(TEXT, BASE, 1, 'theirs'));
    const mine = setTopic(TEXT, BASE, 1, 'mine');
    await sync.save(ID, { segmentation: mine, basedOnStrategy: null, text: TEXT });
    expect(h.calls).toEqual(['change', 'read', 'whole']);
    expect(h.held()).toMatchObject({ revision: 3, segmentation: mine });
    expect(shown).toEqual([]);
  });

  it('where the other page cleared the correction, sends its whole one (nothing of the other is left to keep)', async () => {
    const h = host(BASE);
    const { sync } = page(h);
    h.saveElsewhere(null);
    const mine = splitAt(TEXT, BASE, at('Paragraph 7'));
    await sync.save(ID, { segmentation: mine, basedOnStrategy: null, text: TEXT });
    expect(h.calls).toEqual(['change', 'read', 'whole']);
    expect(h.held()).toMatchObject({ revision: 1, segmentation: mine });
  });

  it('tries once: refused again (yet another save came in between), it sends its whole correction', async () => {
    const h = host(BASE);
    const { sync, shown } = page(h);
    h.saveElsewhere(splitAt(TEXT, BASE, at('Paragraph 1')));
    h.afterRead = () => h.saveElsewhere(splitAt(TEXT, h.held()!.segmentation, at('Paragraph 2')));
    const mine = splitAt(TEXT, BASE, at('Paragraph 7'));
    await sync.save(ID, { segmentation: mine, basedOnStrategy: null, text: TEXT });
    expect(h.calls).toEqual(['change', 'read', 'change', 'whole']);
    expect(h.held()).toMatchObject({ revision: 4, segmentation: mine });
    expect(shown).toEqual([]);
  });

  it('without the text it cannot rebase: the whole correction, as before', async () => {
    const h = host(BASE);
    const { sync } = page(h);
    h.saveElsewhere(splitAt(TEXT, BASE, at('Paragraph 1')));
    await sync.save(ID, { segmentation: splitAt(TEXT, BASE, at('Paragraph 7')), basedOnStrategy: null });
    expect(h.calls).toEqual(['change', 'whole']);
  });

  it('where the read fails, the save fails and keeps its base: the next save tries again', async () => {
    const h = host(BASE);
    const { sync } = page(h);
    h.saveElsewhere(splitAt(TEXT, BASE, at('Paragraph 1')));
    h.readFails = true;
    const mine = splitAt(TEXT, BASE, at('Paragraph 7'));
    await expect(sync.save(ID, { segmentation: mine, basedOnStrategy: null, text: TEXT })).rejects.toMatchObject({ code: 'unavailable' });
    expect(sync.baseOf(ID)).toEqual({ revision: 1, digest: segmentationDigest(BASE) });
    h.readFails = false;
    await sync.save(ID, { segmentation: mine, basedOnStrategy: null, text: TEXT });
    expect(h.calls).toEqual(['change', 'read', 'change', 'read', 'change']);
    expect(h.held()?.segmentation.boundaries).toEqual([at('Paragraph 1'), at('Paragraph 3'), at('Paragraph 6'), at('Paragraph 7')]);
  });
});
