// WeCom callback events: a small safe XML reader and a typed union over the events the product handles.
// Field names stay WeCom's own (PascalCase); `kind` discriminates, `corpId`/`time` are normalised
// (ToUserName or AuthCorpId; CreateTime or TimeStamp, in seconds).

export type XmlValue = string | XmlObject | XmlValue[];
export interface XmlObject {
  [name: string]: XmlValue;
}

export class WecomXmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WecomXmlError';
  }
}

const MAX_XML = 1 << 20;
const MAX_DEPTH = 16;
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? whole;
  });
}

/**
 * Parses WeCom's callback XML into nested objects: an element with child elements becomes an object,
 * one with only text/CDATA becomes a string, repeated children become arrays. No DTDs, no entities
 * beyond the five predefined ones and character references, bounded size and depth.
 */
export function parseXml(xml: string): XmlObject {
  if (xml.length > MAX_XML) throw new WecomXmlError('XML 过大');
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new WecomXmlError('XML 不允许 DTD');
  let pos = 0;

  const skipMisc = () => {
    for (;;) {
      while (pos < xml.length && /\s/.test(xml[pos])) pos++;
      if (xml.startsWith('<?', pos)) {
        const end = xml.indexOf('?>', pos);
        if (end < 0) throw new WecomXmlError('XML 声明未结束');
        pos = end + 2;
      } else if (xml.startsWith('<!--', pos)) {
        const end = xml.indexOf('-->', pos);
        if (end < 0) throw new WecomXmlError('XML 注释未结束');
        pos = end + 3;
      } else return;
    }
  };

  const element = (depth: number): [string, XmlValue] => {
    if (depth > MAX_DEPTH) throw new WecomXmlError('XML 嵌套过深');
    const open = /^<([A-Za-z_][\w.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/.exec(xml.slice(pos, pos + 512));
    if (!open) throw new WecomXmlError(`XML 格式错误（位置 ${pos}）`);
    const name = open[1];
    pos += open[0].length;
    if (open[3] === '/') return [name, ''];
    let text = '';
    let children: XmlObject | undefined;
    for (;;) {
      if (pos >= xml.length) throw new WecomXmlError(`元素 ${name} 未结束`);
      if (xml.startsWith('<![CDATA[', pos)) {
        const end = xml.indexOf(']]>', pos);
        if (end < 0) throw new WecomXmlError('CDATA 未结束');
        text += xml.slice(pos + 9, end);
        pos = end + 3;
      } else if (xml.startsWith('<!--', pos)) {
        const end = xml.indexOf('-->', pos);
        if (end < 0) throw new WecomXmlError('XML 注释未结束');
        pos = end + 3;
      } else if (xml.startsWith('</', pos)) {
        const close = /^<\/([A-Za-z_][\w.-]*)\s*>/.exec(xml.slice(pos, pos + 256));
        if (!close || close[1] !== name) throw new WecomXmlError(`元素 ${name} 的结束标签不匹配`);
        pos += close[0].length;
        return [name, children ?? text];
      } else if (xml[pos] === '<') {
        const [childName, value] = element(depth + 1);
        children ??= {};
        const prev = children[childName];
        if (prev === undefined) children[childName] = value;
        // element() never returns an array, so an array here was built by repetition.
        else if (Array.isArray(prev)) prev.push(value);
        else children[childName] = [prev, value];
      } else {
        const next = xml.indexOf('<', pos);
        const end = next < 0 ? xml.length : next;
        text += decodeEntities(xml.slice(pos, end));
        pos = end;
      }
    }
  };

  skipMisc();
  const [, root] = element(0);
  skipMisc();
  if (pos !== xml.length) throw new WecomXmlError('XML 根元素之后还有内容');
  if (typeof root === 'string') return {};
  return root as XmlObject;
}

// ---- field readers ----

function str(x: XmlObject, key: string): string | undefined {
  const v = x[key];
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && typeof v[0] === 'string') return v[0];
  return undefined;
}
function num(x: XmlObject, key: string): number | undefined {
  const s = str(x, key)?.trim();
  if (s === undefined || s === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}
function list(s: string | undefined): string[] | undefined {
  if (s === undefined) return undefined;
  return s.split(',').map((p) => p.trim()).filter((p) => p !== '');
}
function numList(x: XmlObject, key: string): number[] | undefined {
  return list(str(x, key))?.map(Number).filter((n) => Number.isFinite(n));
}
/** `<Key><Item>a</Item><Item>b</Item></Key>` → ['a', 'b']. */
function items(x: XmlObject, key: string): string[] | undefined {
  const v = x[key];
  if (v === undefined) return undefined;
  if (typeof v === 'string') return v === '' ? [] : [v];
  if (Array.isArray(v)) return v.filter((i): i is string => typeof i === 'string');
  const item = v.Item;
  if (item === undefined) return [];
  return (Array.isArray(item) ? item : [item]).filter((i): i is string => typeof i === 'string');
}
/**
 * The parts as one new object, later parts' fields over earlier ones', without the undefined fields (an
 * event stores only what WeCom sent). Not `{ ...a, b }`: on Node 20 a spread followed by a field the
 * spread object lacks costs ~1 µs (V8 leaves its fast path), and the old way of dropping the undefined
 * fields, deleting them, turned each event into a dictionary object; building the event cost more than
 * reading its XML (bench/RESULTS.md, Callback ingestion).
 */
function merge<A extends object, const B extends object>(a: A, b: B): Merged<A, B>;
function merge<A extends object, B extends object, const C extends object>(a: A, b: B, c: C): Merged<Merged<A, B>, C>;
function merge<A extends object, B extends object, C extends object, const D extends object>(a: A, b: B, c: C, d: D): Merged<Merged<Merged<A, B>, C>, D>;
function merge(...parts: object[]): object {
  const out: Record<string, unknown> = {};
  for (const part of parts) {
    for (const key in part) {
      const value = (part as Record<string, unknown>)[key];
      if (value !== undefined) out[key] = value;
    }
  }
  return out;
}
type Merged<A, B> = Omit<A, keyof B> & B;

// ---- the union ----

export interface WecomEventBase {
  /** ToUserName (self-built/代开发 apps) or AuthCorpId (provider apps). */
  corpId?: string;
  /** CreateTime or TimeStamp, in seconds. */
  time: number;
  ToUserName?: string;
  FromUserName?: string;
  CreateTime?: number;
  MsgType?: string;
  AgentID?: number;
  SuiteId?: string;
  AuthCorpId?: string;
  TimeStamp?: number;
}

interface ExternalContactBase extends WecomEventBase {
  Event: 'change_external_contact';
  UserID: string;
  ExternalUserID: string;
}
export interface AddExternalContactEvent extends ExternalContactBase {
  kind: 'add_external_contact';
  ChangeType: 'add_external_contact';
  State?: string;
  WelcomeCode?: string;
}
export interface AddHalfExternalContactEvent extends ExternalContactBase {
  kind: 'add_half_external_contact';
  ChangeType: 'add_half_external_contact';
  State?: string;
  WelcomeCode?: string;
}
export interface EditExternalContactEvent extends ExternalContactBase {
  kind: 'edit_external_contact';
  ChangeType: 'edit_external_contact';
}
export interface DelExternalContactEvent extends ExternalContactBase {
  kind: 'del_external_contact';
  ChangeType: 'del_external_contact';
  /** DELETE_BY_TRANSFER when the relation ended by a transfer. */
  Source?: string;
}
export interface DelFollowUserEvent extends ExternalContactBase {
  kind: 'del_follow_user';
  ChangeType: 'del_follow_user';
}
export interface TransferFailEvent extends ExternalContactBase {
  kind: 'transfer_fail';
  ChangeType: 'transfer_fail';
  /** customer_refused | customer_limit_exceed */
  FailReason?: string;
}

interface ExternalChatBase extends WecomEventBase {
  Event: 'change_external_chat';
  ChatId: string;
}
export interface ExternalChatCreateEvent extends ExternalChatBase {
  kind: 'external_chat_create';
  ChangeType: 'create';
}
export interface ExternalChatUpdateEvent extends ExternalChatBase {
  kind: 'external_chat_update';
  ChangeType: 'update';
  /** add_member | del_member | change_owner | change_name | change_notice */
  UpdateDetail: string;
  JoinScene?: number;
  QuitScene?: number;
  MemChangeCnt?: number;
  MemChangeList?: string[];
  LastMemVer?: string;
  CurMemVer?: string;
}
export interface ExternalChatDismissEvent extends ExternalChatBase {
  kind: 'external_chat_dismiss';
  ChangeType: 'dismiss';
}

export interface ExternalTagEvent extends WecomEventBase {
  kind: 'external_tag_create' | 'external_tag_update' | 'external_tag_delete' | 'external_tag_shuffle';
  Event: 'change_external_tag';
  ChangeType: 'create' | 'update' | 'delete' | 'shuffle';
  Id: string;
  /** tag | tag_group (absent on shuffle) */
  TagType?: string;
  StrategyId?: number;
}

interface ContactBase extends WecomEventBase {
  /** 'change_contact' on self-built apps (Event) and provider apps (InfoType). */
  Event?: 'change_contact';
  InfoType?: 'change_contact';
}
export interface UserFields {
  UserID: string;
  OpenUserID?: string;
  Name?: string;
  Department?: number[];
  MainDepartment?: number;
  IsLeaderInDept?: number[];
  DirectLeader?: string[];
  Position?: string;
  Mobile?: string;
  Gender?: number;
  Email?: string;
  BizMail?: string;
  Status?: number;
  Avatar?: string;
  Alias?: string;
  Telephone?: string;
  Address?: string;
}
export interface CreateUserEvent extends ContactBase, UserFields {
  kind: 'create_user';
  ChangeType: 'create_user';
}
export interface UpdateUserEvent extends ContactBase, UserFields {
  kind: 'update_user';
  ChangeType: 'update_user';
  /** Set when the member's UserID changed. */
  NewUserID?: string;
}
export interface DeleteUserEvent extends ContactBase {
  kind: 'delete_user';
  ChangeType: 'delete_user';
  UserID: string;
  OpenUserID?: string;
}
export interface PartyEvent extends ContactBase {
  kind: 'create_party' | 'update_party' | 'delete_party';
  ChangeType: 'create_party' | 'update_party' | 'delete_party';
  Id: number;
  Name?: string;
  ParentId?: number;
  Order?: number;
}

interface InstructionBase extends WecomEventBase {
  SuiteId: string;
  TimeStamp: number;
}
export interface SuiteTicketEvent extends InstructionBase {
  kind: 'suite_ticket';
  InfoType: 'suite_ticket';
  SuiteTicket: string;
}
export interface CreateAuthEvent extends InstructionBase {
  kind: 'create_auth';
  InfoType: 'create_auth';
  AuthCode: string;
  State?: string;
}
export interface ChangeAuthEvent extends InstructionBase {
  kind: 'change_auth';
  InfoType: 'change_auth';
  AuthCorpId: string;
  State?: string;
}
export interface CancelAuthEvent extends InstructionBase {
  kind: 'cancel_auth';
  InfoType: 'cancel_auth';
  AuthCorpId: string;
}
export interface ResetPermanentCodeEvent extends InstructionBase {
  kind: 'reset_permanent_code';
  InfoType: 'reset_permanent_code';
  AuthCode: string;
}

export interface UnknownEvent extends WecomEventBase {
  kind: 'unknown';
  Event?: string;
  InfoType?: string;
  ChangeType?: string;
  /** Every field as parsed. */
  raw: XmlObject;
}

export type WecomEvent =
  | AddExternalContactEvent
  | AddHalfExternalContactEvent
  | EditExternalContactEvent
  | DelExternalContactEvent
  | DelFollowUserEvent
  | TransferFailEvent
  | ExternalChatCreateEvent
  | ExternalChatUpdateEvent
  | ExternalChatDismissEvent
  | ExternalTagEvent
  | CreateUserEvent
  | UpdateUserEvent
  | DeleteUserEvent
  | PartyEvent
  | SuiteTicketEvent
  | CreateAuthEvent
  | ChangeAuthEvent
  | CancelAuthEvent
  | ResetPermanentCodeEvent
  | UnknownEvent;

export type WecomEventKind = WecomEvent['kind'];

const EXTERNAL_CONTACT = new Set([
  'add_external_contact',
  'add_half_external_contact',
  'edit_external_contact',
  'del_external_contact',
  'del_follow_user',
  'transfer_fail',
]);
const CHAT = new Set(['create', 'update', 'dismiss']);
const TAG = new Set(['create', 'update', 'delete', 'shuffle']);
const USER = new Set(['create_user', 'update_user', 'delete_user']);
const PARTY = new Set(['create_party', 'update_party', 'delete_party']);

function userFields(x: XmlObject): UserFields {
  return {
    UserID: str(x, 'UserID') ?? '',
    OpenUserID: str(x, 'OpenUserID'),
    Name: str(x, 'Name'),
    Department: numList(x, 'Department'),
    MainDepartment: num(x, 'MainDepartment'),
    IsLeaderInDept: numList(x, 'IsLeaderInDept'),
    DirectLeader: list(str(x, 'DirectLeader')),
    Position: str(x, 'Position'),
    Mobile: str(x, 'Mobile'),
    Gender: num(x, 'Gender'),
    Email: str(x, 'Email'),
    BizMail: str(x, 'BizMail'),
    Status: num(x, 'Status'),
    Avatar: str(x, 'Avatar'),
    Alias: str(x, 'Alias'),
    Telephone: str(x, 'Telephone'),
    Address: str(x, 'Address'),
  };
}

/** Turns an already-parsed `<xml>` object into a typed event. */
export function toWecomEvent(x: XmlObject): WecomEvent {
  const base: WecomEventBase = {
    corpId: str(x, 'AuthCorpId') ?? str(x, 'ToUserName'),
    time: num(x, 'CreateTime') ?? num(x, 'TimeStamp') ?? 0,
    ToUserName: str(x, 'ToUserName'),
    FromUserName: str(x, 'FromUserName'),
    CreateTime: num(x, 'CreateTime'),
    MsgType: str(x, 'MsgType'),
    AgentID: num(x, 'AgentID'),
    SuiteId: str(x, 'SuiteId'),
    AuthCorpId: str(x, 'AuthCorpId'),
    TimeStamp: num(x, 'TimeStamp'),
  };
  const event = str(x, 'Event');
  const info = str(x, 'InfoType');
  // Provider apps receive corp events in the instruction callback with InfoType in place of Event.
  const name = event ?? info;
  const change = str(x, 'ChangeType') ?? '';
  const userId = str(x, 'UserID');
  const externalUserId = str(x, 'ExternalUserID');
  const chatId = str(x, 'ChatId');
  const id = str(x, 'Id');
  const suiteId = str(x, 'SuiteId') ?? '';
  const timeStamp = num(x, 'TimeStamp') ?? 0;
  let out: WecomEvent | undefined;

  if (name === 'change_external_contact' && EXTERNAL_CONTACT.has(change) && userId && externalUserId) {
    const common = { Event: 'change_external_contact' as const, UserID: userId, ExternalUserID: externalUserId };
    switch (change) {
      case 'add_external_contact':
        out = merge(base, common, { kind: change, ChangeType: change, State: str(x, 'State'), WelcomeCode: str(x, 'WelcomeCode') });
        break;
      case 'add_half_external_contact':
        out = merge(base, common, { kind: change, ChangeType: change, State: str(x, 'State'), WelcomeCode: str(x, 'WelcomeCode') });
        break;
      case 'edit_external_contact':
        out = merge(base, common, { kind: change, ChangeType: change });
        break;
      case 'del_follow_user':
        out = merge(base, common, { kind: change, ChangeType: change });
        break;
      case 'del_external_contact':
        out = merge(base, common, { kind: change, ChangeType: change, Source: str(x, 'Source') });
        break;
      case 'transfer_fail':
        out = merge(base, common, { kind: change, ChangeType: change, FailReason: str(x, 'FailReason') });
        break;
    }
  } else if (name === 'change_external_chat' && CHAT.has(change) && chatId) {
    const common = { Event: 'change_external_chat' as const, ChatId: chatId };
    if (change === 'update') {
      out = merge(base, common, {
        kind: 'external_chat_update',
        ChangeType: 'update',
        UpdateDetail: str(x, 'UpdateDetail') ?? '',
        JoinScene: num(x, 'JoinScene'),
        QuitScene: num(x, 'QuitScene'),
        MemChangeCnt: num(x, 'MemChangeCnt'),
        MemChangeList: items(x, 'MemChangeList'),
        LastMemVer: str(x, 'LastMemVer'),
        CurMemVer: str(x, 'CurMemVer'),
      });
    } else if (change === 'create') {
      out = merge(base, common, { kind: 'external_chat_create', ChangeType: 'create' });
    } else {
      out = merge(base, common, { kind: 'external_chat_dismiss', ChangeType: 'dismiss' });
    }
  } else if (name === 'change_external_tag' && TAG.has(change)) {
    const changeType = change as ExternalTagEvent['ChangeType'];
    out = merge(base, {
      kind: `external_tag_${changeType}`,
      Event: 'change_external_tag',
      ChangeType: changeType,
      Id: id ?? '',
      TagType: str(x, 'TagType'),
      StrategyId: num(x, 'StrategyId'),
    });
  } else if (name === 'change_contact' && (USER.has(change) || PARTY.has(change))) {
    const common = event ? { Event: 'change_contact' as const } : { InfoType: 'change_contact' as const };
    if (change === 'create_user') out = merge(base, common, userFields(x), { kind: change, ChangeType: change });
    else if (change === 'update_user') {
      out = merge(base, common, userFields(x), { kind: change, ChangeType: change, NewUserID: str(x, 'NewUserID') });
    } else if (change === 'delete_user') {
      out = merge(base, common, { kind: change, ChangeType: change, UserID: userId ?? '', OpenUserID: str(x, 'OpenUserID') });
    } else if (id !== undefined) {
      const party = change as PartyEvent['ChangeType'];
      out = merge(base, common, {
        kind: party,
        ChangeType: party,
        Id: Number(id),
        Name: str(x, 'Name'),
        ParentId: num(x, 'ParentId'),
        Order: num(x, 'Order'),
      });
    }
  } else if (!event && info === 'suite_ticket') {
    out = merge(base, { kind: 'suite_ticket', InfoType: 'suite_ticket', SuiteId: suiteId, TimeStamp: timeStamp, SuiteTicket: str(x, 'SuiteTicket') ?? '' });
  } else if (!event && (info === 'create_auth' || info === 'reset_permanent_code')) {
    const common = { SuiteId: suiteId, TimeStamp: timeStamp, AuthCode: str(x, 'AuthCode') ?? '' };
    out =
      info === 'create_auth'
        ? merge(base, common, { kind: 'create_auth', InfoType: 'create_auth', State: str(x, 'State') })
        : merge(base, common, { kind: 'reset_permanent_code', InfoType: 'reset_permanent_code' });
  } else if (!event && info === 'change_auth') {
    out = merge(base, { kind: 'change_auth', InfoType: 'change_auth', SuiteId: suiteId, TimeStamp: timeStamp, AuthCorpId: str(x, 'AuthCorpId') ?? '', State: str(x, 'State') });
  } else if (!event && info === 'cancel_auth') {
    out = merge(base, { kind: 'cancel_auth', InfoType: 'cancel_auth', SuiteId: suiteId, TimeStamp: timeStamp, AuthCorpId: str(x, 'AuthCorpId') ?? '' });
  }

  out ??= merge(base, { kind: 'unknown', Event: event, InfoType: info, ChangeType: str(x, 'ChangeType'), raw: x });
  return out;
}

/** Parses a decrypted callback XML (`<xml>…</xml>`) into a typed event. */
export function parseEventXml(xml: string): WecomEvent {
  return toWecomEvent(parseXml(xml));
}

/**
 * A key equal for WeCom's redeliveries of one event and different for distinct events:
 * who sent it (corp/suite and sender), when (seconds) and what it is about.
 */
export function eventDedupeKey(event: WecomEvent): string {
  const e = event as WecomEvent & Record<string, unknown>;
  const who = e.AuthCorpId ?? e.ToUserName ?? e.SuiteId ?? '';
  const from = e.FromUserName ?? e.SuiteId ?? '';
  const name = e.Event ?? e.InfoType ?? '';
  const identity = [
    'ChangeType',
    'UpdateDetail',
    'UserID',
    'NewUserID',
    'ExternalUserID',
    'ChatId',
    'Id',
    'TagType',
    'CurMemVer',
    'SuiteTicket',
    'AuthCode',
  ]
    .map((k) => {
      const v = e[k] ?? (event.kind === 'unknown' ? str(event.raw, k) : undefined);
      return v === undefined ? '' : String(v);
    })
    .join('|');
  return `${who}|${from}|${event.time}|${name}|${identity}`;
}
