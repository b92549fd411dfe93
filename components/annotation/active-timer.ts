/**
 * Active time on a pair, sent as durationMs: time counts while the tab is visible and the window
 * focused, and stops 60 s after the last key press, click, scroll or pointer movement (a coffee
 * break is not annotation time; reading a long pair for up to a minute is). Label Studio's
 * `lead_time` counts wall time instead, which mixes both. Pure: the caller passes the clock.
 */
export const IDLE_AFTER_MS = 60_000;

export class ActiveTimer {
  private accumulated: number;
  /** time up to which the accumulated figure is settled */
  private checkpoint: number;
  private lastActivity: number;
  private visible = true;
  private focused = true;

  constructor(
    now: number,
    private readonly idleMs: number = IDLE_AFTER_MS,
    initialMs = 0,
  ) {
    this.accumulated = initialMs;
    this.checkpoint = now;
    this.lastActivity = now;
  }

  private pending(now: number): number {
    if (!this.visible || !this.focused) return 0;
    const end = Math.min(now, this.lastActivity + this.idleMs);
    return Math.max(0, end - this.checkpoint);
  }

  private settle(now: number): void {
    this.accumulated += this.pending(now);
    this.checkpoint = Math.max(this.checkpoint, now);
  }

  /** A key press, click, scroll or pointer movement. */
  activity(now: number): void {
    this.settle(now);
    this.lastActivity = now;
  }

  /** The page became visible or hidden (visibilitychange); coming back counts as activity. */
  setVisible(visible: boolean, now: number): void {
    this.settle(now);
    this.visible = visible;
    if (visible) this.lastActivity = now;
  }

  /** The window gained or lost focus; gaining it counts as activity. */
  setFocused(focused: boolean, now: number): void {
    this.settle(now);
    this.focused = focused;
    if (focused) this.lastActivity = now;
  }

  isCounting(now: number): boolean {
    return this.visible && this.focused && now < this.lastActivity + this.idleMs;
  }

  /** Active milliseconds so far (whole ms). */
  elapsed(now: number): number {
    return Math.round(this.accumulated + this.pending(now));
  }

  /** Starts over for another pair (or resumes a draft's time). */
  reset(now: number, initialMs = 0): void {
    this.accumulated = initialMs;
    this.checkpoint = now;
    this.lastActivity = now;
  }
}
