// Events pushed by the official account: a QR scene scanned (`SCAN`, or `subscribe` by a new
// follower with `qrscene_` before the scene). Duplicates and retries change nothing twice.
import type { FastifyBaseLogger } from 'fastify';
import type { QrSceneService } from './qr-scene.service.js';

export interface GzhEvent {
  FromUserName?: string;
  MsgType?: string;
  Event?: string;
  EventKey?: string;
  [k: string]: string | undefined;
}

/** What the account domain does when a bind QR is scanned. */
export type BindScanHandler = (accountId: number, openid: string) => Promise<void>;
/** What the message centre does when a recipient's QR (消息中心 binding) is scanned. */
export type NotifyScanHandler = (sceneCode: string, openid: string) => Promise<void>;

export class GzhCallbackService {
  constructor(
    private readonly scenes: QrSceneService,
    private readonly onBindScan: BindScanHandler,
    private readonly log: FastifyBaseLogger,
    private readonly onNotifyScan: NotifyScanHandler = async () => {},
  ) {}

  /** The scene string of a QR-scan event, or null for any other message. */
  static sceneOf(event: GzhEvent): string | null {
    if (event.MsgType !== 'event' || !event.EventKey) return null;
    const kind = event.Event?.toLowerCase();
    if (kind === 'scan') return event.EventKey;
    if (kind === 'subscribe' && event.EventKey.startsWith('qrscene_')) return event.EventKey.slice('qrscene_'.length);
    return null;
  }

  async handle(event: GzhEvent): Promise<void> {
    const sceneStr = GzhCallbackService.sceneOf(event);
    const openid = event.FromUserName;
    if (!sceneStr || !openid) return;
    const scene = await this.scenes.markScanned(sceneStr, openid);
    if (!scene) {
      this.log.info({ sceneStr }, 'gzh scan ignored: unknown, expired or already scanned scene');
      return;
    }
    if (scene.purpose === 'bind' && scene.account_id !== null) await this.onBindScan(scene.account_id, openid);
    if (scene.purpose === 'notify') await this.onNotifyScan(scene.code, openid);
  }
}
