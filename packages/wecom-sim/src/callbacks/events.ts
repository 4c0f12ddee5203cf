// The plaintext XML of WeCom's events: corp events (Event + ChangeType) and provider instruction
// events (InfoType). Text in CDATA, numbers bare, as WeCom sends them.
import { toXml } from '../gzh/gzh.push.js';

export type EventFields = Record<string, string | number | undefined>;

const clean = (f: EventFields) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as Record<string, string | number>;

export function corpEventXml(corpId: string, event: string, fields: EventFields, now = Date.now()): string {
  return toXml(clean({ ToUserName: corpId, FromUserName: 'sys', CreateTime: Math.floor(now / 1000), MsgType: 'event', Event: event, ...fields }));
}

/** A corp event as a provider app receives it (instruction callback: SuiteId, AuthCorpId, InfoType). */
export function suiteEventXml(suiteId: string, corpId: string, infoType: string, fields: EventFields, now = Date.now()): string {
  return toXml(clean({ SuiteId: suiteId, AuthCorpId: corpId, InfoType: infoType, TimeStamp: Math.floor(now / 1000), ...fields }));
}

export function instructionXml(suiteId: string, infoType: string, fields: EventFields, now = Date.now()): string {
  return toXml(clean({ SuiteId: suiteId, InfoType: infoType, TimeStamp: Math.floor(now / 1000), ...fields }));
}
