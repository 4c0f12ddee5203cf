// What a test of one corp starts from: a harness, a main account with a connected simulator corp and
// the corp's members who may receive customers; and the calls such a test makes — the API in the
// corp's work space, the simulator's control of the corp, and its snapshot.
import { connectCorp, contactMembers, type ConnectedCorp } from './corp.js';
import { startHarness, uniquePhone, type Harness } from './harness.js';

export interface CorpWorld {
  h: Harness;
  token: string;
  corp: ConnectedCorp;
  members: Array<{ userid: string; name: string }>;
}

export async function corpWorld(seed: string, size: Parameters<typeof connectCorp>[2]['size']): Promise<CorpWorld> {
  const h = await startHarness();
  const token = await h.register(uniquePhone());
  const corp = await connectCorp(h, token, { seed, size });
  return { h, token, corp, members: await contactMembers(h, corp.corpId) };
}

/** The calls, reading the world when called (it is made in beforeAll). */
export function corpCalls(world: () => CorpWorld) {
  return {
    api: (path: string, body?: unknown, t = world().token, headers = world().corp.headers) => world().h.api(path, body, t, headers),
    control: (path: string, body: unknown) => world().h.simCall('POST', `/control/corps/${world().corp.corpId}/${path}`, body),
    snapshot: async () => (await world().h.simCall('GET', `/control/corps/${world().corp.corpId}/snapshot`)).body as any,
  };
}
