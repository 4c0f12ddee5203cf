// What the e2e specs do over HTTP besides driving the browser: read the
// simulator's SMS outbox, scan QR codes as a WeChat user, set up accounts and channel codes.
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN_TOKEN, E2E_DEBUG_CODE, E2E_PATIENCE, E2E_PORT, E2E_SIM_PORT, E2E_SIM_TOKEN } from './playwright.config';

export const serverUrl = `http://127.0.0.1:${E2E_PORT}`;
export const simUrl = `http://127.0.0.1:${E2E_SIM_PORT}`;
/** The simulator's page for people, opened with its control token (the browser keeps it as a cookie). */
export const simPageUrl = `${simUrl}/?token=${E2E_SIM_TOKEN}`;
export { E2E_ADMIN_TOKEN, E2E_DEBUG_CODE, E2E_SIM_TOKEN };

/** A spec's own wait, stretched on a slower machine (E2E_PATIENCE): the time a step may take, never a time asserted. */
export const patient = (ms: number) => ms * E2E_PATIENCE;

/** A call to the simulator's control API or SMS outbox, with its control token. */
export const simFetch = (path: string, init: RequestInit = {}) =>
  fetch(`${simUrl}${path}`, { ...init, headers: { authorization: `Bearer ${E2E_SIM_TOKEN}`, ...(init.headers as Record<string, string>) } });

let phoneSeq = 0;
/** A phone number no other test uses (11 digits). */
export function freshPhone(): string {
  phoneSeq += 1;
  const tail = `${Date.now() % 1e6}`.padStart(6, '0') + `${process.pid % 10}${phoneSeq % 10}`;
  return `139${tail}`.slice(0, 11).padEnd(11, '0');
}

export async function api<T = unknown>(path: string, body: unknown = {}, token?: string): Promise<T> {
  const res = await fetch(`${serverUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; message: string; data: T };
  if (!res.ok || json.code !== 0) throw new Error(`${path}: ${res.status} ${json.code} ${json.message}`);
  return json.data;
}

/** A 新建渠道活码 body: these members in order, no cap, schedule, tags or welcome; `over` sets the rest. */
export const channelCodeBody = (name: string, userids: string[], over: Record<string, unknown> = {}) => ({
  name,
  members: userids.map((userid) => ({ userid })),
  distribution: 'in_order',
  dailyCap: 0,
  schedule: [],
  tagIds: [],
  welcome: { text: '', materialIds: [] },
  skipVerify: true,
  ...over,
});

/** The newest SMS code the simulator delivered to a phone. */
export async function smsCode(phone: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await simFetch(`/sms/outbox?phone=${phone}`);
    const { list } = (await res.json()) as { list: Array<{ code: string }> };
    if (list.length) return list[0].code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS for ${phone}`);
}

/** Scans an official-account QR (by its scene code) as a WeChat user. */
export async function scanQr(sceneStr: string, openid?: string): Promise<string> {
  const res = await simFetch('/control/gzh/scan', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sceneStr, ...(openid ? { openid } : {}) }),
  });
  const json = (await res.json()) as { openid: string; delivered: boolean; errcode?: number; errmsg?: string };
  if (!json.delivered) throw new Error(`scan of ${sceneStr} not delivered: ${JSON.stringify(json)}`);
  return json.openid;
}

export interface Account {
  phone: string;
  password: string;
  token: string;
  openid?: string;
}

/** Registers a main account over the API; with `bindGzh` it also binds an official account (so no binding modal). */
export async function registerAccount(opts: { bindGzh?: boolean } = {}): Promise<Account> {
  const phone = freshPhone();
  const password = 'pass1234';
  await api('account/code/send', { phone });
  const { token } = await api<{ token: string }>('account/create', { phone, code: await smsCode(phone), password });
  const account: Account = { phone, password, token };
  if (opts.bindGzh) {
    const { code } = await api<{ code: string }>('account/bind/gzh/code', {}, token);
    account.openid = await scanQr(code);
    for (let i = 0; i < 50; i++) {
      const { token: fresh } = await api<{ token: string | null }>('account/bind/gzh/code/change', { code }, token);
      if (fresh) {
        account.token = fresh;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return account;
}

/**
 * Opens a console page (`#hashPath`) of the server at `base` logged in as an account, as the login would
 * leave it: the token (and the work space) are written to the origin's storage on an answer that runs no
 * app (`/api/health`), so the console itself loads once, already logged in.
 */
export async function openAs(page: Page, base: string, as: { token: string; workId?: number }, hashPath: string) {
  await page.goto(`${base}/api/health`);
  await page.evaluate(
    ([t, w]) => {
      window.localStorage.setItem('token', t!);
      if (w) window.localStorage.setItem('work_id', w);
    },
    [as.token, as.workId ? String(as.workId) : ''],
  );
  await page.goto(`${base}/#${hashPath}`);
}

/** Opens a page of the suite's server already logged in with a token. */
export const openLoggedIn = (page: Page, token: string, hashPath = '/channel-qrcode/list') => openAs(page, serverUrl, { token }, hashPath);

/**
 * Opens every closed section of the side menu, so that all the items the account may see are shown (a
 * section's items are rendered when it first opens).
 */
export async function openMenuSections(page: Page) {
  await expect(page.getByTestId('side-menu').locator('.ant-menu-submenu-title').first()).toBeVisible();
  const closed = page.getByTestId('side-menu').locator('.ant-menu-submenu-inline:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  for (let i = 0; i < 40 && (await closed.count()) > 0; i++) await closed.first().click();
  await expect(closed).toHaveCount(0);
}

/**
 * Makes way for a select's own dropdown: one still closing (the last pick's Escape) is waited out; one
 * still open after a second is closed with Escape. (Escape is pressed only then: with no dropdown open
 * it would close the dialog a picker is in.) A left-open dropdown once held a page for a minute and a
 * half while the option was looked for in it, and one still closing cost a member picker 15 s a pick.
 */
async function noOtherDropdown(page: Page) {
  const open = page.locator('.ant-select-dropdown:visible');
  if (!(await open.count())) return;
  if (await expect(open).toHaveCount(0, { timeout: 1_000 }).then(() => true, () => false)) return;
  await page.keyboard.press('Escape');
  // A dropdown whose select has lost the focus ignores the key; the click on the next select closes it.
  await expect(open).toHaveCount(0, { timeout: 2_000 }).catch(() => undefined);
}

/**
 * Picks the option `name` of an antd Select (typed to filter it) and sees it chosen, trying again until it
 * is: on a loaded machine a click on a dropdown still rendering its options was once lost, and the form
 * was sent without it. The select is first scrolled to the middle of the window: near the bottom its
 * dropdown opens upward, and the scroll to the option flips it downward under the pointer. Each try
 * opens this select's dropdown afresh (`noOtherDropdown`).
 */
export async function pickOption(page: Page, testId: string, name: string) {
  const select = page.getByTestId(testId);
  // A multiple select's chip, or a single select's value.
  const chosen = select.locator('.ant-select-selection-item, .ant-select-content-has-value').filter({ hasText: name });
  await select.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expect(async () => {
    if (!(await chosen.count())) {
      await noOtherDropdown(page);
      await select.click();
      await page.keyboard.type(name);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().click({ timeout: patient(5_000) });
    }
    await expect(chosen).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: patient(30_000) });
  await page.keyboard.press('Escape');
}

/**
 * Picks a member in a member picker (an antd Select searched by name; the option carries the userid, as
 * two members may share a name) and sees it chosen (`chosen`: by default the picker's chip or value with
 * the name), trying again until it is. The click waits for the options to be filtered to the name: on a
 * loaded machine a click on a list still rendering once landed on another member, or on nothing, and
 * the form was sent without the member. Each try opens this picker's dropdown afresh (`noOtherDropdown`).
 * `close` presses Escape after (a multiple picker stays open).
 */
export async function pickMember(
  page: Page,
  picker: Locator,
  member: { userid: string; name: string },
  opts: { chosen?: Locator; close?: boolean } = {},
) {
  const chosen = opts.chosen ?? picker.locator('.ant-select-selection-item, .ant-select-content-has-value').filter({ hasText: member.name });
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(async () => {
    if (!(await chosen.count())) {
      await noOtherDropdown(page);
      await picker.click();
      await page.keyboard.type(member.name);
      try {
        await expect(options.filter({ hasNotText: member.name })).toHaveCount(0, { timeout: 2_000 });
        await page.locator(`.ant-select-dropdown:visible .ant-select-item-option:has([data-userid="${member.userid}"])`).click({ timeout: patient(5_000) });
      } catch (err) {
        // Typed into nothing, or the list never narrowed: open it afresh next time (Escape closes only an
        // open dropdown; with none open it would close a dialog the picker is in).
        if (await page.locator('.ant-select-dropdown:visible').count()) await page.keyboard.press('Escape');
        throw err;
      }
    }
    await expect(chosen).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: patient(30_000) });
  if (opts.close) await page.keyboard.press('Escape');
}
