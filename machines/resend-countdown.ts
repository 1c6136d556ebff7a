/**
 * The resend countdown every SMS form shows (SPEC §4/§9: 60 s, second by second): the login
 * overlay's code and recovery panels, the phone change, the password change and the
 * cancellation. Each machine keeps its count in its own context field and names its own guard and
 * action (the overlay runs two countdowns); the count's arithmetic and the `counting` state are
 * written once, here.
 */

/** The count after one tick. */
export function nextCount(count: number): number {
  return Math.max(0, count - 1);
}

/** The tick that ends the countdown: the resend button comes back with it. */
export function isLastSecond(count: number): boolean {
  return count <= 1;
}

/**
 * The `counting` state of a resend region: a `countdownTick` delay (one second, named in each
 * machine's setup) ticks the count; the last tick goes back to the region's `ready` state.
 */
export function countingState<const TGuard extends string, const TAction extends string>(names: { lastSecond: TGuard; tick: TAction }) {
  return {
    after: {
      countdownTick: [
        { guard: names.lastSecond, target: 'ready', actions: names.tick },
        { target: 'counting', reenter: true, actions: names.tick },
      ],
    },
  };
}
