// Preloaded into the server and the simulator by the launchers: when the launcher dies without
// stopping them (SIGKILL, a crash), they stop themselves — through their own SIGTERM handling —
// instead of holding on to their ports.
const parent = Number(process.env.SCRM_PARENT_PID);
if (parent) {
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      process.kill(process.pid, 'SIGTERM');
    }
  }, 2000).unref();
}
