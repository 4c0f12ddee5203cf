// State of the simulated official account: access tokens, QR scenes, followers, callback config.
import { randomBytes } from 'node:crypto';

export interface GzhConfig {
  appId: string;
  appSecret: string;
  /** Token of the server-URL signature; must match the receiver's. */
  token: string;
  /** EncodingAESKey: events are pushed in safe mode (encrypted, msg_signature); empty: plain-text mode. */
  encodingAesKey: string;
  /** Where events are pushed; empty means nowhere. */
  callbackUrl: string;
  /** The account's own id (ToUserName of events). */
  originalId: string;
}

export interface ScanRecord {
  openid: string;
  event: 'SCAN' | 'subscribe';
  at: number;
  delivered: boolean;
}

export interface QrScene {
  ticket: string;
  actionName: 'QR_SCENE' | 'QR_STR_SCENE' | 'QR_LIMIT_SCENE' | 'QR_LIMIT_STR_SCENE';
  /** scene_str, or scene_id as text. */
  sceneStr: string;
  /** Null for permanent codes. */
  expireSeconds: number | null;
  createdAt: number;
  expiresAt: number | null;
  url: string;
  scans: ScanRecord[];
}

export type SceneStatus = 'pending' | 'scanned' | 'expired';

export interface Follower {
  openid: string;
  nickname: string;
  subscribedAt: number;
}

/** A template message as the WeChat user received it (their inbox). */
export interface TemplateMessage {
  msgid: string;
  touser: string;
  templateId: string;
  url: string;
  data: Record<string, { value: string; color?: string }>;
  sentAt: number;
}

const TOKEN_TTL_S = 7200;
const MAX_INBOX = 200;
const MAX_SCENES = 1000;

export const newOpenid = () => `o${randomBytes(20).toString('base64url').slice(0, 27)}`;

export class GzhStore {
  private tokens = new Map<string, number>();
  private scenes: QrScene[] = [];
  readonly followers = new Map<string, Follower>();
  /** Template messages by openid, newest first. */
  private readonly inboxes = new Map<string, TemplateMessage[]>();
  private nextMsgid = 1_000_000_000;

  constructor(public config: GzhConfig) {}

  issueToken(): { access_token: string; expires_in: number } {
    const token = randomBytes(48).toString('base64url');
    const now = Date.now();
    for (const [t, exp] of this.tokens) if (exp <= now) this.tokens.delete(t);
    this.tokens.set(token, now + TOKEN_TTL_S * 1000);
    return { access_token: token, expires_in: TOKEN_TTL_S };
  }

  tokenValid(token: string | undefined): boolean {
    const exp = token ? this.tokens.get(token) : undefined;
    return exp !== undefined && exp > Date.now();
  }

  addScene(scene: Omit<QrScene, 'ticket' | 'url' | 'scans' | 'createdAt' | 'expiresAt'>, baseUrl: string): QrScene {
    const ticket = `gQ${randomBytes(30).toString('base64url')}`;
    const createdAt = Date.now();
    const full: QrScene = {
      ...scene,
      ticket,
      url: `${baseUrl}/gzh/qr/${ticket}`,
      scans: [],
      createdAt,
      expiresAt: scene.expireSeconds === null ? null : createdAt + scene.expireSeconds * 1000,
    };
    this.scenes.unshift(full);
    if (this.scenes.length > MAX_SCENES) this.scenes.length = MAX_SCENES;
    return full;
  }

  /** By ticket, or the newest scene with that scene string. */
  findScene(by: { ticket?: string; sceneStr?: string }): QrScene | undefined {
    if (by.ticket) return this.scenes.find((s) => s.ticket === by.ticket);
    if (by.sceneStr) return this.scenes.find((s) => s.sceneStr === by.sceneStr);
    return undefined;
  }

  listScenes(): QrScene[] {
    return [...this.scenes];
  }

  static statusOf(scene: QrScene, now = Date.now()): SceneStatus {
    if (scene.expiresAt !== null && scene.expiresAt <= now) return 'expired';
    return scene.scans.length ? 'scanned' : 'pending';
  }

  /** Puts a template message in the user's inbox; no deduplication (WeChat has none). */
  deliver(msg: Omit<TemplateMessage, 'msgid' | 'sentAt'>): TemplateMessage {
    const full: TemplateMessage = { ...msg, msgid: String(this.nextMsgid++), sentAt: Date.now() };
    const inbox = this.inboxes.get(msg.touser) ?? [];
    inbox.unshift(full);
    if (inbox.length > MAX_INBOX) inbox.length = MAX_INBOX;
    this.inboxes.set(msg.touser, inbox);
    return full;
  }

  inbox(openid: string): TemplateMessage[] {
    return [...(this.inboxes.get(openid) ?? [])];
  }

  /** Every user's messages, newest first. */
  allMessages(): TemplateMessage[] {
    return [...this.inboxes.values()].flat().sort((a, b) => b.sentAt - a.sentAt || Number(b.msgid) - Number(a.msgid));
  }

  reset(): void {
    this.inboxes.clear();
    this.tokens.clear();
    this.scenes = [];
    this.followers.clear();
  }
}
