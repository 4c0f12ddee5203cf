// The plaintext XML of WeCom's events: corp events (Event + ChangeType) and provider instruction
// events (InfoType). Text in CDATA, numbers bare, as WeCom sends them.
import { toXml } from '../gzh/gzh.push.js';

/** A list (MemChangeList) is sent as `<Key><Item>a</Item><Item>b</Item></Key>`. */
export type EventFields = Record<string, string | number | string[] | undefined>;

const cdata = (s: string) => `<![CDATA[${s.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

function eventXml(fields: EventFields): string {
  const body = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => (Array.isArray(v) ? `<${k}>${v.map((i) => `<Item>${cdata(i)}</Item>`).join('')}</${k}>` : toXml({ [k]: v! }).slice(5, -6)))
    .join('');
  return `<xml>${body}</xml>`;
}

export function corpEventXml(corpId: string, event: string, fields: EventFields, now = Date.now()): string {
  return eventXml({ ToUserName: corpId, FromUserName: 'sys', CreateTime: Math.floor(now / 1000), MsgType: 'event', Event: event, ...fields });
}

/** A corp event as a provider app receives it (instruction callback: SuiteId, AuthCorpId, InfoType). */
export function suiteEventXml(suiteId: string, corpId: string, infoType: string, fields: EventFields, now = Date.now()): string {
  return eventXml({ SuiteId: suiteId, AuthCorpId: corpId, InfoType: infoType, TimeStamp: Math.floor(now / 1000), ...fields });
}

export function instructionXml(suiteId: string, infoType: string, fields: EventFields, now = Date.now()): string {
  return eventXml({ SuiteId: suiteId, InfoType: infoType, TimeStamp: Math.floor(now / 1000), ...fields });
}
