// Tells the simulator where to push official-account events (used when SIM_URL is set).
// The simulator may still be starting, so a few attempts a second apart are made. `encodingAesKey`:
// the key it encrypts events with (safe mode); '' makes it push plain text.

/** The header every call to the simulator's control API and SMS gateway carries (SIM_CONTROL_TOKEN). */
export const simulatorAuth = (token: string | undefined): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

export async function registerSimulatorCallback(
  sim: { url: string; token: string },
  callbackUrl: string,
  token: string,
  { attempts = 1, encodingAesKey }: { attempts?: number; encodingAesKey?: string } = {},
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${sim.url}/control/gzh/config`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...simulatorAuth(sim.token) },
        body: JSON.stringify({ callbackUrl, token, encodingAesKey }),
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`simulator answered HTTP ${res.status}`);
      return;
    } catch (err) {
      if (attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}
