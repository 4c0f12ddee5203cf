// Every job kind the server runs, in one list: its handler (a method of the service that owns the work),
// its default priority (URGENT_PRIORITY and above always find a slot), its retry policy and what keeps
// a second copy out (`once`: an idempotency key is never queued twice, even after the job is done; a
// singleton key allows one queued job at a time). The queue knows only the kinds registered from here,
// and the recurring ones are started by SCHEDULES below.
import type { ApplyPayload, AutoTagService } from '../auto-tag/auto-tag.service.js';
import { AUTO_TAG_APPLY_JOB, AUTO_TAG_RUN_JOB } from '../auto-tag/auto-tag.service.js';
import type { CallbackService } from '../callback/callback.service.js';
import { CALLBACK_JOB, REFRESH_JOB, SWEEP_JOB, type RefreshPayload } from '../callback/callback.service.js';
import type { AttributionService, WelcomePayload } from '../contact-way/attribution/attribution.service.js';
import { TAG_JOB, WELCOME_JOB } from '../contact-way/attribution/attribution.service.js';
import type { ContactWayService } from '../contact-way/contact-way.service.js';
import { CREATE_JOB, USERS_JOB, WARM_JOB } from '../contact-way/contact-way.service.js';
import type { CustomerBatchService, CustomerTagPayload } from '../customer/customer-batch.service.js';
import { CUSTOMER_TAG_JOB } from '../customer/customer-batch.service.js';
import type { CustomerCountPayload, CustomerListService } from '../customer/customer-list.service.js';
import { CUSTOMER_COUNT_JOB } from '../customer/customer-list.service.js';
import type { MaterialService } from '../material/material.service.js';
import { MEDIA_RENEW_JOB } from '../material/material.service.js';
import type { RiskEngine } from '../risk/risk-engine.js';
import type { SyncService } from '../sync/sync.service.js';
import { MEMBER_SYNC_JOB, SYNC_JOB, type SyncPayload } from '../sync/sync.service.js';
import type { DataCentreService } from '../data/data-centre.service.js';
import { DATA_CATCH_UP_JOB, DATA_REBUILD_JOB } from '../data/data-centre.service.js';
import type { TagService } from '../tag/tag.service.js';
import { TAG_COUNT_JOB } from '../tag/tag.service.js';
import type { MomentService } from '../moment/moment.service.js';
import { MOMENT_START_JOB, MOMENT_TICK_JOB, MOMENT_TRACK_JOB } from '../moment/moment.service.js';
import type { TransferService } from '../transfer/transfer.service.js';
import { TRANSFER_CHECK_JOB } from '../transfer/transfer.service.js';
import type { PushDeliveryService } from '../push/push-delivery.service.js';
import { PUSH_PLAN_JOB, PUSH_SEND_JOB, PUSH_TICK_JOB, PUSH_TRACK_JOB } from '../push/push-delivery.service.js';
import type { NotifyDeliveryService } from '../notify/delivery.service.js';
import { NOTIFY_PLAN_JOB, NOTIFY_SEND_JOB } from '../notify/delivery.service.js';
import type { SeatService } from '../seat/seat.service.js';
import { SEAT_TICK_JOB } from '../seat/seat.service.js';
import type { OrderService } from '../order/order.service.js';
import { ORDER_TICK_JOB } from '../order/order.service.js';
import type { Cleanup } from './cleanup.js';
import { PATIENT_ATTEMPTS, patientBackoff, type JobKind, type JobQueue } from '../jobs/job-queue.js';
import type { Schedule } from '../jobs/scheduler.js';

export const RISK_TICK_JOB = 'risk_tick';
export const CLEANUP_JOB = 'cleanup';

export interface JobSpec<P = any> extends JobKind<P> {
  /** What keeps a second copy out (the key its enqueue passes). */
  once: string;
}

export interface JobOwners {
  contactWays: ContactWayService;
  attribution: AttributionService;
  callbacks: CallbackService;
  sync: SyncService;
  materials: MaterialService;
  risk: RiskEngine;
  tags: TagService;
  autoTags: AutoTagService;
  cleanup: Cleanup;
  dataCentre: DataCentreService;
  transfers: TransferService;
  customerBatches: CustomerBatchService;
  customerList: CustomerListService;
  moments: MomentService;
  pushDelivery: PushDeliveryService;
  notifyDelivery: NotifyDeliveryService;
  seats: SeatService;
  orders: OrderService;
}

const spec = <P>(s: JobSpec<P>): JobSpec<P> => s;

export function jobKinds(o: JobOwners): Record<string, JobSpec> {
  return {
    // ---- contact events: what a customer's add sets off
    [CALLBACK_JOB]: spec<{ eventId: number }>({
      // Contact adds carry a welcome code that lives 20 s: only the welcome itself goes first.
      priority: 9,
      // A WeCom outage of hours is waited out (back-off up to an hour, about two days of attempts); an
      // event given up on is queued again a day later by the sweep.
      maxAttempts: PATIENT_ATTEMPTS,
      backoff: patientBackoff,
      once: 'singleton callback:<eventId>; the event row itself is stored once per event key',
      run: ({ payload, attempt }) => o.callbacks.processJob(payload.eventId, attempt),
      onFailed: ({ payload }) => o.callbacks.processJobFailed(payload.eventId),
    }),
    // A welcome the add's own job could not send at once (WeCom busy, rate-limited, unreachable).
    [WELCOME_JOB]: spec<WelcomePayload>({
      priority: 10,
      // The welcome code lives 20 s: tried again every 0.3 s.
      maxAttempts: 30,
      backoff: () => 300,
      once: 'idempotency welcome:<addId>',
      run: (ctx) => o.attribution.welcomeJob(ctx),
      onFailed: ({ payload }, error) => o.attribution.welcomeJobFailed(payload.addId, error),
    }),
    // Queued by versions before the tags went on in the customer's re-read: it queues that re-read.
    [TAG_JOB]: spec<{ addId: number }>({
      priority: 4,
      maxAttempts: 8,
      once: 'idempotency tag:<addId>',
      run: ({ payload }) => o.attribution.tagJob(payload.addId),
    }),
    [REFRESH_JOB]: spec<RefreshPayload>({
      // 4 when queued by an add (its auto-tags go on first, AttributionService.beforeRead).
      priority: 2,
      // Waits out a WeCom outage as the events that queue it would have; given up on, it is queued again a day later.
      maxAttempts: PATIENT_ATTEMPTS,
      backoff: patientBackoff,
      once: 'singleton refresh:<workSpaceId>:<externalUserid> (one queued, never two running: reads are written in the order they began)',
      run: ({ job, payload }) => o.callbacks.refreshCustomerJob(job.work_space_id, payload.externalUserid),
      onFailed: ({ job, payload }, error) => o.callbacks.refreshCustomerJobFailed(job.work_space_id, payload, error),
    }),
    // Queued by contacts callbacks; waits out a WeCom outage as callback events do.
    [MEMBER_SYNC_JOB]: spec({
      priority: 1,
      maxAttempts: PATIENT_ATTEMPTS,
      backoff: patientBackoff,
      once: 'singleton members:<workSpaceId>, run 3 s after the change that asked for it',
      run: ({ job }) => o.sync.memberSyncJob(job.work_space_id),
    }),

    // ---- auto-tag rules (自动标签): each relation once per rule (auto_tag_record), so a retry asks WeCom only for what is left
    [AUTO_TAG_APPLY_JOB]: spec<ApplyPayload>({
      priority: 3,
      maxAttempts: 8,
      once: 'idempotency auto-tag-add:<customer event id>; singleton auto-tag-customer:<ws>:<externalUserid> / auto-tag-group:<ws>:<chatId>',
      run: ({ job, payload }) => o.autoTags.applyJob(job.work_space_id, payload),
    }),
    [AUTO_TAG_RUN_JOB]: spec<{ ruleId: number; version: number }>({
      // Behind the events of the day: a run over 100,000 relations must not hold up adds and welcomes.
      priority: 0,
      concurrency: 2,
      maxAttempts: 6,
      once: 'idempotency auto-tag-run:<ruleId>:<run number>; a retry resumes after the last relation it recorded',
      run: ({ payload }) => o.autoTags.runJob(payload.ruleId, payload.version),
      onFailed: ({ payload }, error) => o.autoTags.runJobFailed(payload.ruleId, payload.version, error),
    }),

    // ---- codes
    [CREATE_JOB]: spec<{ id: number; since?: number }>({
      priority: 0,
      concurrency: 4,
      maxAttempts: 5,
      once: 'idempotency cw-create:<codeId>[:<n>]; a run makes the way only while it holds the job (creating_by)',
      run: (ctx) => o.contactWays.createJob(ctx),
      onFailed: ({ payload }, error) => o.contactWays.createJobFailed(payload.id, error),
    }),
    [USERS_JOB]: spec<{ id: number }>({
      priority: 8,
      maxAttempts: 6,
      once: 'singleton cw-users:<codeId>',
      run: ({ payload }) => o.contactWays.pushUsersJob(payload.id),
    }),
    [WARM_JOB]: spec<{ id: number }>({
      priority: 1,
      maxAttempts: 3,
      once: 'singleton warm:<codeId>',
      run: ({ payload }) => o.contactWays.warmWelcomeJob(payload.id),
    }),

    // ---- 朋友圈: made in WeCom once (attempted_at before add_moment_task; a run in doubt looks in get_moment_list first), then tracked
    [MOMENT_START_JOB]: spec<{ id: number }>({
      priority: 1,
      maxAttempts: 10,
      once: 'idempotency moment-start:<momentId>; the row\'s attempted_at mark keeps a second add_moment_task out',
      run: (ctx) => o.moments.startJob(ctx),
      onFailed: ({ payload }, error) => o.moments.startJobFailed(payload.id, error),
    }),
    [MOMENT_TRACK_JOB]: spec<{ id: number }>({
      priority: 0,
      concurrency: 2,
      maxAttempts: 3,
      once: 'singleton moment-track:<momentId>; the tick queues the next look when next_track_at comes',
      run: ({ payload }) => o.moments.trackJob(payload.id),
    }),

    // ---- customers
    // A batch of mark_tag calls; a run taken over resumes from the batch's saved cursor.
    [CUSTOMER_TAG_JOB]: spec<CustomerTagPayload>({
      priority: 1,
      concurrency: 2,
      maxAttempts: 5,
      once: 'idempotency customer-batch:<batchId>; the batch row keeps the cursor',
      run: (ctx) => o.customerBatches.tagJob(ctx),
      onFailed: ({ payload }, error) => o.customerBatches.tagJobFailed(payload.batchId, error),
    }),
    // A list total beyond the count the list makes while answering: counted exactly, kept a minute.
    [CUSTOMER_COUNT_JOB]: spec<CustomerCountPayload>({
      priority: 1,
      concurrency: 2,
      maxAttempts: 2,
      once: 'singleton customer-count:<ws>:<filter key>, queued when the list reads no count of the filter younger than a minute',
      run: ({ job, payload }) => o.customerList.countJob(job.work_space_id, payload, Number(job.created_at)),
    }),

    // ---- 群发 (docs/push.md)
    // The audience in slices into targets, then tasks per member; a run taken over resumes after the last slice.
    [PUSH_PLAN_JOB]: spec<{ pushId: number }>({
      priority: 1,
      concurrency: 2,
      maxAttempts: PATIENT_ATTEMPTS,
      backoff: patientBackoff,
      once: 'idempotency push-plan:<pushId>; the push keeps the plan cursor',
      run: (ctx) => o.pushDelivery.planJob(ctx),
    }),
    // One add_msg_template: never repeated blindly (an unanswered attempt is looked for first); WeCom
    // busy or rate-limited is waited out.
    [PUSH_SEND_JOB]: spec<{ taskId: number }>({
      priority: 1,
      concurrency: 4,
      maxAttempts: PATIENT_ATTEMPTS,
      backoff: patientBackoff,
      once: 'idempotency push-send:<taskId>; the task keeps attempted_at and its msgid (unique)',
      run: (ctx) => o.pushDelivery.sendJob(ctx),
      onFailed: ({ payload }, error) => o.pushDelivery.sendJobFailed(payload.taskId, error),
    }),
    [PUSH_TRACK_JOB]: spec<{ pushId: number }>({
      priority: 0,
      concurrency: 2,
      maxAttempts: 5,
      once: 'singleton push-track:<pushId>, queued by the tick when next_track_at has come',
      run: ({ payload }) => o.pushDelivery.trackJob(payload.pushId),
    }),
    // Every minute: scheduled pushes whose time has come start, tracking reads that are due are queued.
    [PUSH_TICK_JOB]: spec({
      priority: 1,
      concurrency: 1,
      maxAttempts: 3,
      once: 'idempotency cron:push:<minute>',
      run: () => o.pushDelivery.tick(),
    }),

    // ---- 消息中心 (docs/notify.md)
    // New notifications into deliveries and their send jobs (one transaction each); poked as they are written.
    [NOTIFY_PLAN_JOB]: spec({
      priority: 5,
      concurrency: 1,
      maxAttempts: 5,
      once: 'singleton notify-plan (poked) or idempotency cron:notify:<minute>; a notification is planned once (planned_at, unique deliveries)',
      run: () => o.notifyDelivery.planJob(),
    }),
    // One template message or SMS: marked sending in its own commit before the send; found sending → unknown, never sent twice.
    [NOTIFY_SEND_JOB]: spec<{ deliveryId: number }>({
      priority: 5,
      concurrency: 4,
      maxAttempts: 6,
      once: 'idempotency notify-send:<deliveryId>; the delivery row, unique per (notification, recipient, channel), keeps the state',
      run: (ctx) => o.notifyDelivery.sendJob(ctx),
      onFailed: ({ payload }, error) => o.notifyDelivery.sendJobFailed(payload.deliveryId, error),
    }),

    // ---- work space sync
    // A sync cut short by a crash or a stop is taken up again from the start by whichever process claims it.
    [TAG_COUNT_JOB]: spec({
      priority: 0,
      maxAttempts: 3,
      once: 'singleton tag-count:<workSpaceId>, queued when the tag page reads counts older than a minute',
      run: ({ job }) => o.tags.countJob(job.work_space_id),
    }),
    [SYNC_JOB]: spec<SyncPayload>({
      priority: 0,
      concurrency: 2,
      maxAttempts: 3,
      once: 'singleton sync:<workSpaceId>; a request while one waits adds its phases to it',
      run: ({ payload }) => o.sync.run(payload.workSpaceId, payload.phases),
    }),

    // ---- data centre
    // Recomputes a work space's roll-ups from its relations (repair; the catch-up waits while it runs).
    [DATA_REBUILD_JOB]: spec<{ workSpaceId: number }>({
      priority: 0,
      concurrency: 1,
      maxAttempts: 3,
      once: 'singleton data-rebuild:<workSpaceId>',
      run: async ({ payload }) => {
        await o.dataCentre.rebuild(payload.workSpaceId);
      },
    }),

    // ---- recurring (SCHEDULES): each tick is idempotency cron:<schedule>:<minute>, 3 attempts
    // Every minute: risk periods turn, cron plans and code schedules switch members, temporary codes expire.
    // Every minute: the customers whose relations changed and no figure call has counted yet (a sync's).
    [DATA_CATCH_UP_JOB]: spec({
      priority: 0,
      concurrency: 1,
      maxAttempts: 3,
      once: 'idempotency cron:data-catch-up:<minute>',
      run: () => o.dataCentre.catchUpAll(),
    }),
    [RISK_TICK_JOB]: spec({
      priority: 0,
      concurrency: 1,
      maxAttempts: 3,
      once: 'idempotency cron:risk:<minute>',
      run: async () => {
        await o.risk.tick();
        await o.contactWays.reconcileScheduled();
        await o.contactWays.expireTemporary();
      },
    }),
    [SWEEP_JOB]: spec({
      priority: 0,
      concurrency: 1,
      maxAttempts: 3,
      once: 'idempotency cron:callback-sweep:<minute>',
      run: () => o.callbacks.enqueueUnprocessed(),
    }),
    [MEDIA_RENEW_JOB]: spec<{ workSpaceId?: number }>({
      priority: 0,
      maxAttempts: 3,
      once: 'idempotency cron:media:<minute>',
      run: async (ctx) => {
        await o.materials.renewMedia(ctx);
      },
    }),
    // Every 5 minutes: where the transfers still waiting for their customer stand (transfer_result).
    [TRANSFER_CHECK_JOB]: spec({
      priority: 0,
      concurrency: 1,
      maxAttempts: 3,
      once: 'idempotency cron:transfer:<minute>',
      run: () => o.transfers.checkJob(),
    }),
    // Every minute (and when the test clock moves): scheduled moments whose time came, and moment tracking due.
    [MOMENT_TICK_JOB]: spec({
      priority: 0,
      concurrency: 1,
      maxAttempts: 3,
      once: 'idempotency cron:moment:<minute>',
      run: () => o.moments.tick(),
    }),
    // Every minute (and when the test clock moves): seats whose term is over marked expired (their members'
    // codes recompute), and the 7-day and 1-day seat_expiring notices written (docs/seats.md).
    [SEAT_TICK_JOB]: spec({
      priority: 0,
      concurrency: 1,
      maxAttempts: 3,
      once: 'idempotency cron:seat:<minute>',
      run: () => o.seats.tick(),
    }),
    // Every minute (and when the test clock moves): unpaid seat orders whose time is over lapse, each closed
    // at the payment provider first (credited instead when it was paid meanwhile; docs/seats.md).
    [ORDER_TICK_JOB]: spec({
      priority: 0,
      concurrency: 1,
      maxAttempts: 3,
      once: 'idempotency cron:order:<minute>',
      run: () => o.orders.tick(),
    }),
    [CLEANUP_JOB]: spec({
      priority: 0,
      concurrency: 1,
      maxAttempts: 3,
      once: 'idempotency cron:cleanup:<minute>',
      run: () => o.cleanup.run(),
    }),
  };
}

/** Recurring work, in China time (jobs/scheduler.ts). */
export const SCHEDULES: Schedule[] = [
  { name: 'risk', pattern: '* * * * *', kind: RISK_TICK_JOB },
  { name: 'media', pattern: '7 * * * *', kind: MEDIA_RENEW_JOB },
  { name: 'cleanup', pattern: '17 4 * * *', kind: CLEANUP_JOB },
  { name: 'callback-sweep', pattern: '* * * * *', kind: SWEEP_JOB },
  { name: 'transfer', pattern: '*/5 * * * *', kind: TRANSFER_CHECK_JOB },
  { name: 'data-catch-up', pattern: '* * * * *', kind: DATA_CATCH_UP_JOB },
  { name: 'moment', pattern: '* * * * *', kind: MOMENT_TICK_JOB },
  { name: 'push', pattern: '* * * * *', kind: PUSH_TICK_JOB },
  { name: 'notify', pattern: '* * * * *', kind: NOTIFY_PLAN_JOB },
  { name: 'seat', pattern: '* * * * *', kind: SEAT_TICK_JOB },
  { name: 'order', pattern: '* * * * *', kind: ORDER_TICK_JOB },
];

export function registerJobs(queue: JobQueue, kinds: Record<string, JobSpec>): void {
  for (const [kind, handler] of Object.entries(kinds)) queue.register(kind, handler);
}
