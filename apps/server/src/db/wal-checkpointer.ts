// SQLite's checkpoints on a connection of their own, in a worker thread. A checkpoint copies the pages
// the WAL holds back into the database file and syncs both. SQLite makes one inside the commit that
// takes the WAL past 1,000 pages, on the committing connection: for the server's one connection that
// was the event loop held 10–25 ms every few hundred commits, half the time its commits took during a
// burst of callbacks (bench/RESULTS.md, Callback ingestion). In the worker the copy runs beside the
// event loop, and beside the writes too: a passive checkpoint takes no lock a writer or reader waits for.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the server looks whether it wrote since the last checkpoint, in ms. */
const CHECKPOINT_EVERY_MS = 100;
/**
 * The server's own connection still checkpoints past this many WAL pages (16 MB): when the worker stopped,
 * or during a long run of writes (a 64 MB file stored), which leave the worker's copies behind. At 10,000
 * such a run took a tenth longer than at this; a burst of callbacks stays far below either.
 */
const BACKSTOP_PAGES = 4_000;

// Plain JavaScript (no build step runs it): the worker opens the database file and checkpoints when told.
const WORKER = `
import { parentPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';
const SQLite = createRequire(workerData.driver)(workerData.driver);
const db = new SQLite(workerData.file, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
parentPort.on('message', (m) => {
  if (m === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage(null);
  } catch (err) {
    parentPort.postMessage(String(err && err.message || err));
  }
});
`;

export interface WalCheckpointer {
  close(): Promise<void>;
}

/** Checkpoints `file`'s WAL from a worker after the server's connection `sqlite` wrote (`changes()`, its total_changes, moved). */
export function walCheckpointer(sqlite: SQLite.Database, file: string, changes: () => number): WalCheckpointer {
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(WORKER)}`), { workerData: { file, driver } });
  worker.unref();
  let seen = changes();
  let busy = false;
  let stopped = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const stop = (why: string) => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    // Back to SQLite's own checkpoints on the server's connection.
    if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
    if (why) console.error(`SQLite checkpoints moved back to the server's connection: ${why}`);
  };
  worker.on('message', (error: string | null) => {
    busy = false;
    if (error) console.error('SQLite checkpoint failed:', error);
  });
  worker.on('error', (err) => stop(err.message));
  worker.on('exit', (code) => stop(`the checkpoint worker exited (${code})`));
  const timer = setInterval(() => {
    if (busy) return;
    const now = changes();
    if (now === seen) return;
    seen = now;
    busy = true;
    worker.postMessage('checkpoint');
  }, CHECKPOINT_EVERY_MS);
  timer.unref();
  return {
    close: async () => {
      stop('');
      worker.postMessage('close');
      await exited;
    },
  };
}
