// Server processes of a benchmark run (gateway, baseline): started with an IPC channel (the child
// reports its port over it and exits when it closes, so it dies with this process even on SIGKILL),
// tracked so the suite stops every one of them on failure or Ctrl-C, and measured (peak RSS).
'use strict';
/* global setTimeout, clearTimeout */
const { fork } = require('node:child_process');
const { readFileSync } = require('node:fs');

const started = new Set();

/** Forks `script` with `env`; resolves with {pid, baseUrl, stop, peakRssMb, rssMb} once it listens. */
function startServerProcess(script, env, { timeoutMs = 60_000, execArgv = [] } = {}) {
  const child = fork(script, [], { env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'], execArgv });
  started.add(child);
  const stop = () =>
    new Promise((resolve) => {
      started.delete(child);
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} did not start within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      started.delete(child);
      reject(new Error(`${script} exited (${signal ?? code}) before listening`));
    });
    child.once('message', ({ port }) => {
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({
        pid: child.pid,
        baseUrl: `http://127.0.0.1:${port}`,
        stop,
        peakRssMb: () => statusMb(child.pid, 'VmHWM'),
        rssMb: () => statusMb(child.pid, 'VmRSS'),
      });
    });
  });
}

/** A memory figure of /proc/<pid>/status in MB (Linux); null where there is no /proc. */
function statusMb(pid, field) {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(
      new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'),
    );
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** Stops every server process still running (failure or interruption). */
function stopAllServers() {
  return Promise.all([...started].map((child) => (child.kill('SIGTERM'), undefined)));
}

module.exports = { startServerProcess, stopAllServers };
