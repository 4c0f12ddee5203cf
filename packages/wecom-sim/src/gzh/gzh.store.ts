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

const TOKEN_TTL_S = 7200;
const MAX_SCENES = 1000;

export const newOpenid = () => `o${randomBytes(20).toString('base64url').slice(0, 27)}`;

export class GzhStore {
  private tokens = new Map<string, number>();
  private scenes: QrScene[] = [];
  readonly followers = new Map<string, Follower>();

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

  reset(): void {
    this.tokens.clear();
    this.scenes = [];
    this.followers.clear();
  }
}
