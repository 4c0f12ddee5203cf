// Brute-force guard: LOGIN_MAX_FAILURES failures of one identifier within 15 minutes lock it
// for 15 minutes from the last failure, even for the right password.
//
// `begin` counts a try as failed before its password or code is checked (checked in the same locked
// step as the count), and `clear` takes the count back when the try succeeds: however many tries run
// in parallel, at most LOGIN_MAX_FAILURES of them are checked before the lock.
import { AppError } from '../http/errors.js';
import type { LoginFailureRepository } from './login-failure.repository.js';

const WINDOW_MS = 15 * 60_000;

export class LoginGuard {
  constructor(
    private readonly failures: LoginFailureRepository,
    private readonly maxFailures: number,
  ) {}

  private static key(identifier: string) {
    return `login:${identifier.toLowerCase()}`;
  }

  /** Throws 429 when the newest failures lock the identifier. */
  private assertTimesOpen(times: number[], now: number): void {
    if (times.length < this.maxFailures) return;
    const newest = times[0]!;
    const oldest = times[times.length - 1]!;
    if (newest - oldest <= WINDOW_MS && now - newest < WINDOW_MS) {
      throw new AppError(429, '登录失败次数过多，请15分钟后再试');
    }
  }

  /**
   * Starts a try: throws 429 while the identifier is locked, else counts the try as a failure at
   * once. Call `clear` when the try succeeds; a failed try needs nothing more.
   */
  async begin(identifier: string): Promise<void> {
    const key = LoginGuard.key(identifier);
    await this.failures.lockedForKey(key, async (failures) => {
      const now = Date.now();
      this.assertTimesOpen(await failures.recent(key, now - 2 * WINDOW_MS, this.maxFailures), now);
      await failures.insert(key, now);
    });
    await this.sweep();
  }

  clear(identifier: string): Promise<void> {
    return this.failures.clear(LoginGuard.key(identifier));
  }

  /** Rows older than the two windows the check reads are dead weight. */
  private async sweep(): Promise<void> {
    if (Math.random() < 0.05) await this.failures.deleteOlderThan(Date.now() - 2 * WINDOW_MS);
  }
}
