// What 群发 (push.ts) and 朋友圈 (moment.ts) share: a task sent now or at a time, its state, its times
// and its tracking reads.
import { Type, type Static } from 'typebox';

/** Epoch ms up to 9999-12-31 (a bigint column; the server refuses anything beyond its own horizon, 30 days). */
const EPOCH_MS_MAX = 253_402_300_799_999;

/** Epoch ms of a scheduled send (China time in the console); null: now. */
export const SendAt = Type.Union([Type.Integer({ minimum: 0, maximum: EPOCH_MS_MAX }), Type.Null()]);

export const SendStatus = Type.Union([
  Type.Literal('scheduled'),
  Type.Literal('sending'),
  Type.Literal('done'),
  Type.Literal('cancelled'),
  Type.Literal('failed'),
]);
export type SendStatus = Static<typeof SendStatus>;
export const SEND_STATUS_LABEL: Record<SendStatus, string> = {
  scheduled: '待发送',
  sending: '发送中',
  done: '已完成',
  cancelled: '已取消',
  failed: '失败',
};

const MaybeTime = Type.Union([Type.Integer(), Type.Null()]);

/** A sending's state and times, as its list row shows them. */
export const SendingRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  status: SendStatus,
  sendAt: MaybeTime,
  startedAt: MaybeTime,
  finishedAt: MaybeTime,
  createdAt: Type.Integer(),
  creatorName: Type.String(),
  /** Why it failed (Chinese), when `failed`. */
  error: Type.Union([Type.String(), Type.Null()]),
});

/** When the results were last read from WeCom (null: not yet) and the next read (null: no more). */
export const TrackTimes = Type.Object({ trackedAt: MaybeTime, nextTrackAt: MaybeTime });
