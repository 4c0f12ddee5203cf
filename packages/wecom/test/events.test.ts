// Sample XML built by hand from the fields in shared/research/wecom-api.md §3.
import { describe, expect, it } from 'vitest';
import { WecomCrypto } from '../src/crypto';
import { WecomXmlError, eventDedupeKey, parseEventXml, parseXml } from '../src/events';

const cdata = (v: string | number) => (typeof v === 'number' ? String(v) : `<![CDATA[${v}]]>`);
function corpXml(fields: Record<string, string | number>): string {
  const all = { ToUserName: 'ww_corp', FromUserName: 'sys', CreateTime: 1700000000, MsgType: 'event', ...fields };
  return `<xml>${Object.entries(all)
    .map(([k, v]) => `<${k}>${cdata(v)}</${k}>`)
    .join('')}</xml>`;
}
function suiteXml(fields: Record<string, string | number>): string {
  const all = { SuiteId: 'ww_suite', TimeStamp: 1700000100, ...fields };
  return `<xml>${Object.entries(all)
    .map(([k, v]) => `<${k}>${cdata(v)}</${k}>`)
    .join('')}</xml>`;
}

describe('parseXml', () => {
  it('reads CDATA, plain text, entities, nested and repeated elements', () => {
    const x = parseXml(
      `<?xml version="1.0"?>\n<xml>\n  <A><![CDATA[<b>&amp;</b>]]></A>\n  <B>1 &lt; 2 &#x4e2d;&#25991;</B>\n  <C><Item>u1</Item><Item><![CDATA[u2]]></Item><Item>u3</Item></C>\n  <D/>\n</xml>`,
    );
    expect(x.A).toBe('<b>&amp;</b>');
    expect(x.B).toBe('1 < 2 中文');
    expect(x.C).toEqual({ Item: ['u1', 'u2', 'u3'] });
    expect(x.D).toBe('');
  });

  it('refuses DTDs, mismatched tags and trailing content', () => {
    expect(() => parseXml('<!DOCTYPE x [<!ENTITY a "b">]><xml><A>&a;</A></xml>')).toThrow(WecomXmlError);
    expect(() => parseXml('<xml><A>1</B></xml>')).toThrow(WecomXmlError);
    expect(() => parseXml('<xml><A>1</A></xml><xml/>')).toThrow(WecomXmlError);
    expect(() => parseXml('<xml><A><![CDATA[open</A></xml>')).toThrow(WecomXmlError);
    expect(() => parseXml('<xml>' + '<a>'.repeat(40) + '</a>'.repeat(40) + '</xml>')).toThrow(WecomXmlError);
  });
});

describe('parseEventXml: change_external_contact', () => {
  it('add_external_contact', () => {
    const e = parseEventXml(
      corpXml({ Event: 'change_external_contact', ChangeType: 'add_external_contact', UserID: 'zhangsan', ExternalUserID: 'wm_ext1', State: 'ch_42', WelcomeCode: 'WELCOME' }),
    );
    expect(e).toStrictEqual({
      kind: 'add_external_contact',
      corpId: 'ww_corp',
      time: 1700000000,
      ToUserName: 'ww_corp',
      FromUserName: 'sys',
      CreateTime: 1700000000,
      MsgType: 'event',
      Event: 'change_external_contact',
      ChangeType: 'add_external_contact',
      UserID: 'zhangsan',
      ExternalUserID: 'wm_ext1',
      State: 'ch_42',
      WelcomeCode: 'WELCOME',
    });
  });

  it('add_half_external_contact, edit, del_external_contact, del_follow_user, transfer_fail', () => {
    const half = parseEventXml(
      corpXml({ Event: 'change_external_contact', ChangeType: 'add_half_external_contact', UserID: 'u', ExternalUserID: 'x', State: 's', WelcomeCode: 'w' }),
    );
    expect(half).toMatchObject({ kind: 'add_half_external_contact', State: 's', WelcomeCode: 'w' });

    const edit = parseEventXml(corpXml({ Event: 'change_external_contact', ChangeType: 'edit_external_contact', UserID: 'u', ExternalUserID: 'x' }));
    expect(edit).toMatchObject({ kind: 'edit_external_contact', UserID: 'u', ExternalUserID: 'x' });

    const del = parseEventXml(
      corpXml({ Event: 'change_external_contact', ChangeType: 'del_external_contact', UserID: 'u', ExternalUserID: 'x', Source: 'DELETE_BY_TRANSFER' }),
    );
    expect(del).toMatchObject({ kind: 'del_external_contact', Source: 'DELETE_BY_TRANSFER' });

    const delFollow = parseEventXml(corpXml({ Event: 'change_external_contact', ChangeType: 'del_follow_user', UserID: 'u', ExternalUserID: 'x' }));
    expect(delFollow).toMatchObject({ kind: 'del_follow_user', UserID: 'u', ExternalUserID: 'x' });

    const fail = parseEventXml(
      corpXml({ Event: 'change_external_contact', ChangeType: 'transfer_fail', UserID: 'u', ExternalUserID: 'x', FailReason: 'customer_refused' }),
    );
    expect(fail).toMatchObject({ kind: 'transfer_fail', FailReason: 'customer_refused' });
  });

  it('provider apps: InfoType in place of Event, AuthCorpId and TimeStamp', () => {
    const e = parseEventXml(
      suiteXml({ AuthCorpId: 'ww_auth', InfoType: 'change_external_contact', ChangeType: 'add_external_contact', UserID: 'u', ExternalUserID: 'x', WelcomeCode: 'w' }),
    );
    expect(e).toMatchObject({ kind: 'add_external_contact', corpId: 'ww_auth', time: 1700000100, SuiteId: 'ww_suite', WelcomeCode: 'w' });
  });
});

describe('parseEventXml: change_external_chat', () => {
  it('create and dismiss', () => {
    expect(parseEventXml(corpXml({ Event: 'change_external_chat', ChangeType: 'create', ChatId: 'wr_1' }))).toMatchObject({
      kind: 'external_chat_create',
      ChatId: 'wr_1',
    });
    expect(parseEventXml(corpXml({ Event: 'change_external_chat', ChangeType: 'dismiss', ChatId: 'wr_1' }))).toMatchObject({
      kind: 'external_chat_dismiss',
      ChatId: 'wr_1',
    });
  });

  it('update with the member change list', () => {
    const xml = `<xml><ToUserName><![CDATA[ww_corp]]></ToUserName><FromUserName><![CDATA[sys]]></FromUserName>
      <CreateTime>1700000200</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[change_external_chat]]></Event>
      <ChatId><![CDATA[wr_1]]></ChatId><ChangeType><![CDATA[update]]></ChangeType><UpdateDetail><![CDATA[add_member]]></UpdateDetail>
      <JoinScene>3</JoinScene><QuitScene>0</QuitScene><MemChangeCnt>2</MemChangeCnt>
      <MemChangeList><Item><![CDATA[wm_a]]></Item><Item><![CDATA[wm_b]]></Item></MemChangeList>
      <LastMemVer><![CDATA[9c3f97c2ada667dfb5f6d03308d963e1]]></LastMemVer><CurMemVer><![CDATA[71217227bbd112ecfe3a49c482195cb4]]></CurMemVer></xml>`;
    expect(parseEventXml(xml)).toEqual({
      kind: 'external_chat_update',
      corpId: 'ww_corp',
      time: 1700000200,
      ToUserName: 'ww_corp',
      FromUserName: 'sys',
      CreateTime: 1700000200,
      MsgType: 'event',
      Event: 'change_external_chat',
      ChatId: 'wr_1',
      ChangeType: 'update',
      UpdateDetail: 'add_member',
      JoinScene: 3,
      QuitScene: 0,
      MemChangeCnt: 2,
      MemChangeList: ['wm_a', 'wm_b'],
      LastMemVer: '9c3f97c2ada667dfb5f6d03308d963e1',
      CurMemVer: '71217227bbd112ecfe3a49c482195cb4',
    });
  });

  it('a single-item member list is still a list', () => {
    const xml = corpXml({ Event: 'change_external_chat', ChangeType: 'update', ChatId: 'wr_1', UpdateDetail: 'del_member', QuitScene: 0 }).replace(
      '</xml>',
      '<MemChangeList><Item>wm_a</Item></MemChangeList></xml>',
    );
    expect(parseEventXml(xml)).toMatchObject({ UpdateDetail: 'del_member', QuitScene: 0, MemChangeList: ['wm_a'] });
  });
});

describe('parseEventXml: change_external_tag', () => {
  it.each(['create', 'update', 'delete', 'shuffle'] as const)('%s', (change) => {
    const e = parseEventXml(corpXml({ Event: 'change_external_tag', ChangeType: change, Id: 'et_1', TagType: 'tag_group', StrategyId: 7 }));
    expect(e).toMatchObject({ kind: `external_tag_${change}`, ChangeType: change, Id: 'et_1', TagType: 'tag_group', StrategyId: 7 });
  });
});

describe('parseEventXml: change_contact', () => {
  it('create_user and update_user with lists parsed', () => {
    const e = parseEventXml(
      corpXml({
        Event: 'change_contact',
        ChangeType: 'create_user',
        UserID: 'zhangsan',
        Name: '张三',
        Department: '1,2,3',
        MainDepartment: 1,
        IsLeaderInDept: '1,0,0',
        DirectLeader: 'lisi,wangwu',
        Position: '产品经理',
        Mobile: '13800000000',
        Gender: 1,
        Email: 'zs@example.com',
        Status: 1,
        Avatar: 'https://example.com/a.png',
        Alias: 'zs',
        Telephone: '020-123456',
      }),
    );
    expect(e).toMatchObject({
      kind: 'create_user',
      UserID: 'zhangsan',
      Name: '张三',
      Department: [1, 2, 3],
      MainDepartment: 1,
      IsLeaderInDept: [1, 0, 0],
      DirectLeader: ['lisi', 'wangwu'],
      Gender: 1,
      Status: 1,
    });
    const u = parseEventXml(corpXml({ Event: 'change_contact', ChangeType: 'update_user', UserID: 'zhangsan', NewUserID: 'zhangsan2', Department: '2' }));
    expect(u).toMatchObject({ kind: 'update_user', UserID: 'zhangsan', NewUserID: 'zhangsan2', Department: [2] });
    expect(u).not.toHaveProperty('Name');
  });

  it('delete_user, create_party, update_party, delete_party', () => {
    expect(parseEventXml(corpXml({ Event: 'change_contact', ChangeType: 'delete_user', UserID: 'zhangsan' }))).toMatchObject({
      kind: 'delete_user',
      UserID: 'zhangsan',
    });
    expect(parseEventXml(corpXml({ Event: 'change_contact', ChangeType: 'create_party', Id: 2, Name: '销售部', ParentId: 1, Order: 1 }))).toMatchObject({
      kind: 'create_party',
      Id: 2,
      Name: '销售部',
      ParentId: 1,
      Order: 1,
    });
    expect(parseEventXml(corpXml({ Event: 'change_contact', ChangeType: 'update_party', Id: 2, ParentId: 3 }))).toMatchObject({
      kind: 'update_party',
      Id: 2,
      ParentId: 3,
    });
    expect(parseEventXml(corpXml({ Event: 'change_contact', ChangeType: 'delete_party', Id: 2 }))).toMatchObject({ kind: 'delete_party', Id: 2 });
  });

  it('provider form (InfoType=change_contact)', () => {
    const e = parseEventXml(suiteXml({ AuthCorpId: 'ww_auth', InfoType: 'change_contact', ChangeType: 'delete_party', Id: 5 }));
    expect(e).toMatchObject({ kind: 'delete_party', InfoType: 'change_contact', corpId: 'ww_auth', Id: 5 });
  });
});

describe('parseEventXml: provider instruction events', () => {
  it('suite_ticket', () => {
    expect(parseEventXml(suiteXml({ InfoType: 'suite_ticket', SuiteTicket: 'TICKET' }))).toStrictEqual({
      kind: 'suite_ticket',
      time: 1700000100,
      SuiteId: 'ww_suite',
      TimeStamp: 1700000100,
      InfoType: 'suite_ticket',
      SuiteTicket: 'TICKET',
    });
  });

  it('create_auth, change_auth, cancel_auth, reset_permanent_code', () => {
    expect(parseEventXml(suiteXml({ InfoType: 'create_auth', AuthCode: 'AUTH', State: 'st' }))).toMatchObject({
      kind: 'create_auth',
      AuthCode: 'AUTH',
      State: 'st',
    });
    expect(parseEventXml(suiteXml({ InfoType: 'change_auth', AuthCorpId: 'ww_auth' }))).toMatchObject({
      kind: 'change_auth',
      AuthCorpId: 'ww_auth',
      corpId: 'ww_auth',
    });
    expect(parseEventXml(suiteXml({ InfoType: 'cancel_auth', AuthCorpId: 'ww_auth' }))).toMatchObject({ kind: 'cancel_auth', AuthCorpId: 'ww_auth' });
    expect(parseEventXml(suiteXml({ InfoType: 'reset_permanent_code', AuthCode: 'AUTH2' }))).toMatchObject({
      kind: 'reset_permanent_code',
      AuthCode: 'AUTH2',
    });
  });
});

describe('parseEventXml: unknown', () => {
  it('keeps the raw fields', () => {
    const e = parseEventXml(corpXml({ Event: 'change_external_contact', ChangeType: 'something_new', Foo: 'bar' }));
    expect(e.kind).toBe('unknown');
    if (e.kind !== 'unknown') throw new Error('narrowing');
    expect(e.Event).toBe('change_external_contact');
    expect(e.ChangeType).toBe('something_new');
    expect(e.raw.Foo).toBe('bar');
    const text = parseEventXml(corpXml({ MsgType: 'text', Content: 'hi', MsgId: '123', AgentID: 218 }));
    expect(text).toMatchObject({ kind: 'unknown', AgentID: 218, raw: { Content: 'hi' } });
  });

  it('reads the decrypted official test-vector message', () => {
    const crypto = new WecomCrypto({ token: 'QDG6eK', encodingAesKey: 'jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C', receiveId: 'wx5823bf96d3bd56c7' });
    const sealed = crypto.seal(corpXml({ Event: 'change_external_chat', ChangeType: 'dismiss', ChatId: 'wr_9' }), '1409659813', 'n');
    const xml = crypto.openEvent(sealed.query, parseXml(sealed.xml).Encrypt as string);
    expect(parseEventXml(xml)).toMatchObject({ kind: 'external_chat_dismiss', ChatId: 'wr_9' });
  });
});

describe('eventDedupeKey', () => {
  const add = corpXml({ Event: 'change_external_contact', ChangeType: 'add_external_contact', UserID: 'u1', ExternalUserID: 'x1', WelcomeCode: 'w1' });

  it('is equal for a redelivery of the same event', () => {
    // WeCom's redelivery carries the same fields; the WelcomeCode is not part of the identity.
    expect(eventDedupeKey(parseEventXml(add))).toBe(eventDedupeKey(parseEventXml(add.replace('w1', 'w2'))));
  });

  it('differs by time, corp, change type, member, customer, chat, tag and ticket', () => {
    const keys = [
      add,
      add.replace('1700000000', '1700000001'),
      add.replace('ww_corp', 'ww_other'),
      add.replace('add_external_contact', 'del_follow_user'),
      add.replace('u1', 'u2'),
      add.replace('x1', 'x2'),
      corpXml({ Event: 'change_external_chat', ChangeType: 'update', ChatId: 'wr_1', UpdateDetail: 'add_member', CurMemVer: 'a' }),
      corpXml({ Event: 'change_external_chat', ChangeType: 'update', ChatId: 'wr_1', UpdateDetail: 'add_member', CurMemVer: 'b' }),
      corpXml({ Event: 'change_external_chat', ChangeType: 'update', ChatId: 'wr_2', UpdateDetail: 'add_member', CurMemVer: 'a' }),
      corpXml({ Event: 'change_external_tag', ChangeType: 'create', Id: 't1', TagType: 'tag' }),
      corpXml({ Event: 'change_external_tag', ChangeType: 'create', Id: 't2', TagType: 'tag' }),
      corpXml({ Event: 'change_contact', ChangeType: 'update_party', Id: 2 }),
      corpXml({ Event: 'change_contact', ChangeType: 'update_party', Id: 3 }),
      suiteXml({ InfoType: 'suite_ticket', SuiteTicket: 'T1' }),
      suiteXml({ InfoType: 'suite_ticket', SuiteTicket: 'T2' }),
      suiteXml({ InfoType: 'create_auth', AuthCode: 'A1' }),
      suiteXml({ InfoType: 'create_auth', AuthCode: 'A2' }),
      suiteXml({ InfoType: 'cancel_auth', AuthCorpId: 'c1' }),
      suiteXml({ InfoType: 'cancel_auth', AuthCorpId: 'c2' }),
    ].map((x) => eventDedupeKey(parseEventXml(x)));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
