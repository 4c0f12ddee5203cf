// What the demo and the benchmarks do over HTTP against a running stack (server + simulator):
// make an account, create a sample corp in the simulator, connect it and wait for its sync.
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// `simToken` is the simulator's control token (SIM_CONTROL_TOKEN), sent with every call to it.
export function stackClient({ server, sim, simToken }) {
  const simAuth = { authorization: `Bearer ${simToken}` };
  async function call(url, body, token, headers = {}) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: JSON.stringify(body ?? {}),
    });
    const json = await res.json();
    if (!res.ok || (json.code !== undefined && json.code !== 0) || (json.errcode !== undefined && json.errcode !== 0)) {
      throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
    }
    return json.data ?? json;
  }
  const api = (path, body, token) => call(`${server}/api/${path}`, body, token);
  const control = (path, body) => call(`${sim}${path}`, body, simToken);
  /** Any other call to the simulator (GET, DELETE…), with the control token. */
  const simFetch = (path, init = {}) => fetch(`${sim}${path}`, { ...init, headers: { ...simAuth, ...init.headers } });

  return {
    api,
    control,
    simFetch,
    /** The calls of one work space (X-Work-Id) as an account: `(path, body) => data`. */
    inWorkSpace: (token, workId) => (path, body) => call(`${server}/api/${path}`, body, token, { 'x-work-id': String(workId) }),
    /** Registers a main account (SMS code read from the simulator's outbox) with an official account bound. */
    async registerAccount(phone, password) {
      await api('account/code/send', { phone });
      const outbox = await (await simFetch(`/sms/outbox?phone=${phone}`)).json();
      let { token } = await api('account/create', { phone, code: outbox.list[0].code, password });
      const { code } = await api('account/bind/gzh/code', {}, token);
      await control('/control/gzh/scan', { sceneStr: code });
      for (let i = 0; i < 100; i++) {
        const bound = await api('account/bind/gzh/code/change', { code }, token);
        if (bound.token) return bound.token;
        await sleep(100);
      }
      return token;
    },
    /** Creates a sample corp in the simulator, connects it as a self-built app and points its callback at us. */
    async connectSampleCorp(token, { name, seed = 'demo', size }) {
      const corp = await control('/control/corps', { name, seed, size });
      const work = await api('qw/add', { accessType: 'internal', nickname: name, corpId: corp.corpId, agentId: String(corp.agentId), secret: corp.secret }, token);
      const info = await api('qw/info', { id: work.id }, token);
      await control(`/control/corps/${corp.corpId}/callback`, { url: info.callbackUrl, token: info.token, encodingAesKey: info.encodingAesKey });
      return { corp, work: info };
    },
    /** Polls the work space until its sync ends; calls `onProgress` with each new progress. */
    async waitForSync(token, id, onProgress = () => {}) {
      let last = '';
      for (;;) {
        const { sync } = await api('qw/info', { id }, token);
        const line = `${sync.phase} ${sync.percent}%`;
        if (line !== last) onProgress(sync);
        last = line;
        if (sync.status === 'done' || sync.status === 'failed') return sync;
        await sleep(250);
      }
    },
  };
}
