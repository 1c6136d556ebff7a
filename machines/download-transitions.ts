import type { DownState } from '../bridge/definitions.ts';

/**
 * SPEC §4 down_state lifecycle as data: which down_state an entry may move to from each one.
 * downloadEntry agrees with this table (download-entry.machine.test.ts walks every state and
 * event, the fuzz test checks every observed change). An event that would move an entry
 * elsewhere changes nothing and is reported as unsolicited. A state listing itself accepts the
 * repeat without effect (no second tracking point, no second report).
 */
export const ALLOWED: Record<DownState, readonly DownState[]> = {
  '0': ['1', '2', '3', '4', '6'],
  '1': ['1', '2', '3', '4', '6'],
  '2': ['2', '3', '4', '6'],
  '3': ['3', '5'],
  '4': ['1'],
  '5': [],
  '6': ['1', '3', '4', '6'],
};

/** Why each move is (or is not) allowed; docs/decisions.md "Downloads" repeats these. */
export const ALLOWED_REASONS: Record<DownState, string> = {
  '0':
    'queued (address lookup / downloadGame in flight): native may report it started (1), progressing (2), already finished (3), failed (4) or paused (6); ' +
    'a stored 0 is also reset to 6 at the first refresh, since nothing is in flight after a restart',
  '1': 'downloading: progress (2), finish (3), failure (4), pause (6); a repeated 1 is harmless',
  '2':
    'progressing: more progress (2 → 2), finish (3), failure (4), pause (6); a late 1 after progress adds nothing (1 and 2 both mean downloading)',
  '3': 'finished: only the installer moves it: result 1 → 5, any other result keeps 3; a repeated 3 neither moves nor tracks again',
  '4': 'failed: only a new start (重新下载, or native reporting 1) leaves it; progress or a finish after a failure are stale',
  '5': 'installed: final for the lifecycle; only delete (which removes the entry) applies',
  '6':
    'paused: continue (1), a finish or failure that raced the pause (3, 4), a repeated 6; a late progress (2) after a successful pause must not resume it',
};

export function isAllowed(from: DownState, to: DownState): boolean {
  return ALLOWED[from].includes(to);
}
