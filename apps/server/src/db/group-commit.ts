// Group commit: writes that arrive together (concurrent requests) are written in one transaction, so
// a burst costs one commit (one fsync) instead of one each. A write that arrives while the database is
// idle waits `windowMs` for company; those arriving while a batch is being written go in the next batch
// as soon as it is done. Each caller is answered only after its batch committed. When a batch fails,
// each of its items is written again alone, so one bad item fails only its own caller.

/** What a batch write returns for each item, in order: its result, or the error its caller gets. */
export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Waiting<T, R> {
  item: T;
  resolve(value: R): void;
  reject(error: unknown): void;
}

export class GroupCommit<T, R> {
  private queue: Array<Waiting<T, R>> = [];
  private writing = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    /** Writes the items in one transaction; resolves once it committed. */
    private readonly write: (items: T[]) => Promise<Array<Outcome<R>>>,
    private readonly opts: { windowMs: number; maxBatch: number },
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.writing) return;
      if (this.queue.length >= this.opts.maxBatch) this.flushNow();
      else this.timer ??= setTimeout(() => this.flushNow(), this.opts.windowMs);
    });
  }

  private flushNow(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.writing || !this.queue.length) return;
    const batch = this.queue.splice(0, this.opts.maxBatch);
    this.writing = true;
    void this.writeBatch(batch).finally(() => {
      this.writing = false;
      // What arrived meanwhile has waited long enough.
      if (this.queue.length) this.flushNow();
    });
  }

  private async writeBatch(batch: Array<Waiting<T, R>>): Promise<void> {
    let outcomes: Array<Outcome<R>> | undefined;
    try {
      outcomes = await this.write(batch.map((w) => w.item));
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      // The transaction rolled back: nothing of the batch is stored. Alone, each item stands or fails by itself.
      for (const w of batch) {
        try {
          settle(w, (await this.write([w.item]))[0]!);
        } catch (err) {
          w.reject(err);
        }
      }
      return;
    }
    batch.forEach((w, i) => settle(w, outcomes[i]!));
  }
}

function settle<T, R>(w: Waiting<T, R>, outcome: Outcome<R>): void {
  if (outcome.ok) w.resolve(outcome.value);
  else w.reject(outcome.error);
}
