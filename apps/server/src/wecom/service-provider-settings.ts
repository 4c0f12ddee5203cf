// The provider's (服务商) credentials: from config, or — with SIM_URL set and them unset — from the
// simulator's control API, read once and kept. Also tells the simulator where our suite and template
// callbacks live.
import type { FastifyBaseLogger } from 'fastify';
import type { Config, WecomProviderConfig } from '../config.js';
import { simulatorAuth } from '../outbound/simulator.js';

export class ServiceProviderSettings {
  private loaded: Promise<WecomProviderConfig> | undefined;

  constructor(
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Whether the values come from the simulator (config left them empty). */
  get fromSimulator(): boolean {
    return Boolean(this.config.simUrl) && !this.config.wecom.provider.suiteId;
  }

  get(): Promise<WecomProviderConfig> {
    if (!this.fromSimulator) return Promise.resolve(this.config.wecom.provider);
    this.loaded ??= (async () => {
      const res = await fetch(`${this.config.simUrl}/control/provider`, {
        headers: simulatorAuth(this.config.simToken),
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`simulator /control/provider answered HTTP ${res.status}`);
      return (await res.json()) as WecomProviderConfig;
    })().catch((err) => {
      this.loaded = undefined;
      throw err;
    });
    return this.loaded;
  }

  /** With the simulator: register our suite and template callback URLs (it then pushes a suite_ticket). */
  async registerWithSimulator(): Promise<void> {
    if (!this.config.simUrl) return;
    const base = this.config.publicUrl;
    try {
      const res = await fetch(`${this.config.simUrl}/control/provider`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...simulatorAuth(this.config.simToken) },
        body: JSON.stringify({
          suiteCallbackUrl: `${base}/api/wecom/suite/callback`,
          templateCallbackUrl: `${base}/api/wecom/template/callback`,
        }),
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
    } catch (err) {
      this.log.warn({ err }, 'could not register the provider callbacks with the simulator');
    }
  }
}
