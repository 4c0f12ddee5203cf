// The daily cleanup job (CLEANUP_JOB in composition/job-registry.ts): rows that have served their purpose go,
// each through the repository or service that owns them.
import type { LoginFailureRepository } from '../account/login-failure.repository.js';
import type { SessionRepository } from '../auth/session.repository.js';
import type { CallbackService } from '../callback/callback.service.js';
import type { CallbackReplayGuard } from '../callback/replay-guard.js';
import type { Clock } from '../clock/clock.js';
import type { QrSceneRepository } from '../gzh/qr-scene.repository.js';
import type { MaterialService } from '../material/material.service.js';
import type { SmsCodeRepository } from '../sms-code/sms-code.repository.js';
import type { JobRepository } from '../jobs/job.repository.js';
import type { RecipientService } from '../notify/recipient.service.js';
import type { DistributorSessionService } from '../distributor/distributor-session.service.js';

const DAY_MS = 86_400_000;

export class Cleanup {
  constructor(
    private readonly deps: {
      jobs: JobRepository;
      sessions: SessionRepository;
      smsCodes: SmsCodeRepository;
      scenes: QrSceneRepository;
      loginFailures: LoginFailureRepository;
      replay: CallbackReplayGuard;
      materials: MaterialService;
      callbacks: CallbackService;
      notifyRecipients: RecipientService;
      distributorSessions: DistributorSessionService;
      clock: Clock;
      /** CALLBACK_RETENTION_DAYS. */
      callbackRetentionDays: number;
    },
  ) {}

  async run(): Promise<void> {
    const d = this.deps;
    const now = Date.now();
    await d.jobs.purge(now, 7 * DAY_MS, 30 * DAY_MS);
    await d.sessions.deleteExpired(now);
    await d.distributorSessions.purgeExpired(now);
    await d.smsCodes.deleteExpiredBefore(now - DAY_MS);
    await d.scenes.deleteExpiredBefore(now - DAY_MS);
    await d.notifyRecipients.purgeBinds(now - DAY_MS);
    await d.loginFailures.deleteOlderThan(now - DAY_MS);
    await d.replay.purge(now);
    await d.materials.purgeUnusedFiles(now);
    await d.callbacks.purge(d.clock.now() - d.callbackRetentionDays * DAY_MS);
  }
}
