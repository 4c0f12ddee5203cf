// The business clock: caps per day and hour, schedules, risk periods and statistics read the time
// from here. With TEST_CLOCK=on it can be moved forward (drills and e2e tests: "the next day");
// the job system's own timing (leases, retries) always uses the wall clock.
export interface Clock {
  now(): number;
  /** The wall-clock time of a business time (what WeCom's own deadlines count in). */
  wall(t: number): number;
}

export class BusinessClock implements Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  wall(t: number): number {
    return t - this.offsetMs;
  }

  /** Makes `now()` read `at` from here on (time keeps running). */
  set(at: number): void {
    this.offsetMs = at - Date.now();
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
