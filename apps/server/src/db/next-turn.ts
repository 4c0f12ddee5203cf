// SQLite's driver answers synchronously: a loop of awaited statements never gives the event loop a
// turn, so a long job (a full customer pass, an auto-tag run over 200,000 relations that needs no
// WeCom call) kept the server from answering anything for minutes. Long loops await this between
// slices. (On PostgreSQL every statement already waits on the network; the turn costs nothing.)

/** Lets the event loop answer what waits (HTTP, timers, job leases) before the next slice. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
