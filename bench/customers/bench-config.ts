// Where the customer-base seed puts its work space, and how the benchmarks reach it.
export const BENCH_PHONE = '13800000011';
export const BENCH_PASSWORD = 'bench1234';
export const BENCH_CORP_ID = 'wwbenchcustomers';
/** SQLite: the folder of scrm.db (DATA_DIR, default /tmp/scrm-bench-customers); PostgreSQL: DATABASE_URL. */
export const benchDataDir = () => process.env.DATA_DIR ?? '/tmp/scrm-bench-customers';
