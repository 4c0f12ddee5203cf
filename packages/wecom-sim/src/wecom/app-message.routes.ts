// Application messages (message/send): the corp's app writes to its members (text only here); the
// control API lists what was sent (GET /control/corps/:corpId/app-messages).
import { randomBytes } from 'node:crypto';
import { APP_MESSAGES_KEPT } from './corp.js';
import { fail } from './errors.js';
import type { Router } from './api.js';
import { int, str } from './params.js';

export function appMessageRoutes(r: Router) {
  r.post('message/send', 'corp', (c) => {
    const corp = c.corp;
    const agentid = int(c.body.agentid, 'agentid', { min: 0 });
    if (agentid !== corp.agentId) fail(40056, 'invalid agentid');
    const msgtype = str(c.body.msgtype, 'msgtype', { required: true });
    if (msgtype !== 'text') fail(40008, 'invalid message type');
    const text = c.body.text?.content;
    if (typeof text !== 'string' || !text) fail(41009, 'missing text content');
    if (Buffer.byteLength(text) > 2048) fail(40058, 'invalid parameter: text.content exceeds 2048 bytes');
    const users = str(c.body.touser, 'touser', { required: true }).split('|').filter(Boolean);
    if (users.length > 1000) fail(40058, 'invalid parameter: more than 1000 touser');
    const valid = users.filter((u) => corp.member(u));
    const invalid = users.filter((u) => !corp.member(u));
    if (!valid.length) fail(81013, 'user & party & tag all invalid');
    const msgid = randomBytes(16).toString('base64url');
    corp.appMessages.push({ msgid, agentid, touser: valid, text, sentAt: Date.now() });
    if (corp.appMessages.length > APP_MESSAGES_KEPT) corp.appMessages.splice(0, corp.appMessages.length - APP_MESSAGES_KEPT);
    return { invaliduser: invalid.join('|'), msgid };
  });
}
