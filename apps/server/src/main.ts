// Starts the server: config, migrations, listen; closes cleanly on SIGINT/SIGTERM.
import { buildApp } from './app.js';
import { ConfigError, configWarnings, loadConfig, readEnv, type Config } from './config.js';
import { migrateToLatest } from './db/migrations.js';
import { registerSimulatorCallback } from './outbound/simulator.js';

let config: Config;
try {
  config = loadConfig(readEnv());
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`企微SCRM server: configuration refused\n${err.message}`);
  process.exit(1);
}
const app = await buildApp(config);
for (const warning of configWarnings(config)) app.log.warn(`!!! ${warning}`);

try {
  const applied = await migrateToLatest(app.database.kysely, app.database.dialect);
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  app.database.prepareStatements();
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  app.log.fatal({ err }, 'server failed to start');
  await app.close().catch(() => {});
  process.exit(1);
}

if (config.simUrl && config.gzh.baseUrl === config.simUrl) {
  const callbackUrl = `${config.publicUrl}/api/gzh/callback`;
  registerSimulatorCallback({ url: config.simUrl, token: config.simToken! }, callbackUrl, config.gzh.token, { attempts: 10, encodingAesKey: config.gzh.aesKey ?? '' }).then(
    () => app.log.info({ simUrl: config.simUrl, callbackUrl }, 'simulator will push official-account events here'),
    (err) => app.log.warn({ err, simUrl: config.simUrl }, 'could not register the callback with the simulator'),
  );
}

// The simulator pushes a suite_ticket as soon as it learns the provider callbacks: only once listening.
if (app.services.wecomProvider.fromSimulator) void app.services.wecomProvider.registerWithSimulator();

const db = app.database.dialect === 'postgres' ? 'PostgreSQL' : `SQLite (${config.dataDir})`;
console.log(`企微SCRM server (${config.mode}): ${config.publicUrl}  (API docs ${config.publicUrl}/api/docs, database ${db})`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // app.close() stops accepting, drains requests, then its onClose hook closes the database.
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  });
}
