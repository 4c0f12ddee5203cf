// Brute-force guard: LOGIN_MAX_FAILURES failures of one identifier within 15 minutes lock it
// for 15 minutes from the last failure, even for the right password.
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

  /** Throws 429 while the identifier is locked. */
  async assertOpen(identifier: string): Promise<void> {
    const now = Date.now();
    const times = await this.failures.recent(LoginGuard.key(identifier), now - 2 * WINDOW_MS, this.maxFailures);
    if (times.length < this.maxFailures) return;
    const newest = times[0]!;
    const oldest = times[times.length - 1]!;
    if (newest - oldest <= WINDOW_MS && now - newest < WINDOW_MS) {
      throw new AppError(429, '登录失败次数过多，请15分钟后再试');
    }
  }

  async recordFailure(identifier: string): Promise<void> {
    const now = Date.now();
    await this.failures.insert(LoginGuard.key(identifier), now);
    // Rows older than the two windows the check reads are dead weight.
    if (Math.random() < 0.05) await this.failures.deleteOlderThan(now - 2 * WINDOW_MS);
  }

  clear(identifier: string): Promise<void> {
    return this.failures.clear(LoginGuard.key(identifier));
  }
}
