// PostgreSQL parses and plans every statement Kysely sends it (text and values, each time): on the
// acquisition chain its backends spent ~13 ms of CPU an add, most of it planning the same writes and key
// lookups again and again (bench/RESULTS.md). A statement whose best plan cannot depend on its values is
// sent as a prepared statement instead, named by a hash of its text: each connection parses it once, and
// PostgreSQL keeps its plan once a generic one is no worse. One whose values can change the plan (a list's
// order, a search pattern, counts and joins over a tenant of any size) is planned each time, as before.
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Values can change the best plan of these (an array's length too: `unnest`): planned for their values every time. */
const VALUE_DEPENDENT = /\border\s+by\b|\bi?like\b|\bsimilar\s+to\b|\bgroup\s+by\b|\bjoin\b|\bcount\s*\(|\bsum\s*\(|\bdistinct\b|\bunion\b|\bhaving\b|\bexists\b|\bover\s*\(|\bunnest\s*\(/i;
/** The job claim takes the due jobs in the queue index's order whatever the values (job.repository.ts). */
const JOB_CLAIM = /^\s*update job set status = 'running'/;
const DATA_STATEMENT = /^\s*(?:select|insert|update|delete)\b/i;
/** Longer statements and larger value lists are planned each time… */
const MAX_TEXT = 4000;
const MAX_VALUES = 64;
/**
 * …but an insert of a batch of rows (a sync's 200 relations, 2,800 values) is prepared, up to this many
 * values, once the same text has come BATCH_SEEN times: its plan cannot depend on the values, and parsing
 * its VALUES list anew cost a first sync a fifth of its time (bench/RESULTS.md, Sync). Only a batch size
 * that keeps coming is prepared (a sync's groups each write their own number of members), and at most
 * MAX_PREPARED_BATCHES are: each connection keeps the plan of each it ran, ~0.5–1 MB for 200 rows.
 */
const MAX_INSERT_VALUES = 4000;
const BATCH_SEEN = 50;
const MAX_PREPARED_BATCHES = 16;
/** Batch texts counted at most (their counts start again when full). */
const MAX_BATCHES_COUNTED = 200;
const INSERT = /^\s*insert\b/i;
/** At most this many distinct statements are prepared (each connection keeps a plan of each it ran). */
const MAX_PREPARED = 500;
/** "cached plan must not change result type": a table changed under a prepared `select *` (another process migrated). */
const PLAN_OUT_OF_DATE = '0A000';

export class PreparedStatements {
  /** Off until the migrations ran: a statement prepared before a migration changed its table would fail after it. */
  enabled = false;
  /** Statement text → its name; '' for one never to prepare again. */
  private readonly names = new Map<string, string>();

  /** How often each batch insert not yet prepared has come. */
  private readonly batchesSeen = new Map<string, number>();
  private batches = 0;

  /** The name to prepare this statement under, or undefined to send it as text. */
  nameOf(text: string, values: number): string | undefined {
    if (!this.enabled || !values) return undefined;
    const known = this.names.get(text);
    if (known !== undefined) return known || undefined;
    if (values > MAX_VALUES || text.length > MAX_TEXT) return this.batchName(text, values);
    if (this.names.size >= MAX_PREPARED || !DATA_STATEMENT.test(text) || (VALUE_DEPENDENT.test(text) && !JOB_CLAIM.test(text))) return undefined;
    return this.name(text);
  }

  private batchName(text: string, values: number): string | undefined {
    if (values > MAX_INSERT_VALUES || this.batches >= MAX_PREPARED_BATCHES || !INSERT.test(text)) return undefined;
    const seen = (this.batchesSeen.get(text) ?? 0) + 1;
    if (seen < BATCH_SEEN) {
      if (this.batchesSeen.size >= MAX_BATCHES_COUNTED) this.batchesSeen.clear();
      this.batchesSeen.set(text, seen);
      return undefined;
    }
    this.batchesSeen.delete(text);
    this.batches++;
    return this.name(text);
  }

  private name(text: string): string {
    const name = `s${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    this.names.set(text, name);
    return name;
  }

  /**
   * Sends a new connection's statements through `nameOf`. A prepared statement whose table changed under
   * it (another process migrated) fails once, and its text is sent as text from then on, on every connection.
   */
  attach(client: pg.Client): void {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
      const name = typeof config === 'string' && Array.isArray(values) && callback === undefined ? this.nameOf(config, values.length) : undefined;
      if (!name) return query(config, values, callback);
      return (query({ name, text: config, values }) as Promise<unknown>).catch((err: { code?: string }) => {
        if (err?.code === PLAN_OUT_OF_DATE) this.names.set(config as string, '');
        throw err;
      });
    };
  }
}
