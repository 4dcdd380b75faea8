import { runTs, RunningProcess } from './child-process';

/** One gateway replica: the real entry point (src/main.ts) in its own child process. */
export interface GatewayProcess {
  run: RunningProcess;
  port: number;
  baseUrl: string;
  /** Sends `signal` (SIGTERM by default) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The environment of a test replica: its own port, JSON logs at info (the tests read them). */
export function gatewayEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    PUBLIC_URL: 'http://gateway.test',
    SEED_DEMO: 'false',
    ...extra,
  };
}

const LISTENING = /Gateway listening on 127\.0\.0\.1:(\d+)/;

/** Starts a replica and waits until it listens (migrations and demo seed, if on, are done by then). */
export async function startGateway(env: Record<string, string>, timeoutMs = 90_000): Promise<GatewayProcess> {
  const run = runTs(['src/main.ts'], env);
  try {
    const [, port] = await run.waitFor(LISTENING, timeoutMs);
    return processOf(run, Number(port));
  } catch (error) {
    run.child.kill('SIGKILL');
    throw error;
  }
}

/**
 * Starts `count` replicas at the same moment (as an orchestrator does), waits for all of them; if one
 * fails the others are killed and the error names what it printed.
 */
export async function startFleet(count: number, env: Record<string, string>): Promise<GatewayProcess[]> {
  const runs = Array.from({ length: count }, () => runTs(['src/main.ts'], env));
  const results = await Promise.allSettled(runs.map((run) => run.waitFor(LISTENING, 120_000)));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    runs.forEach((run) => run.child.kill('SIGKILL'));
    await Promise.all(runs.map((run) => run.exited));
    throw (failed as PromiseRejectedResult).reason;
  }
  return runs.map((run, i) =>
    processOf(run, Number((results[i] as PromiseFulfilledResult<RegExpMatchArray>).value[1])),
  );
}

/** Stops every replica that is still running (afterAll: never leave a child behind). */
export async function stopAll(replicas: GatewayProcess[]): Promise<void> {
  await Promise.all(
    replicas.map(async (replica) => {
      if (replica.run.child.exitCode === null && replica.run.child.signalCode === null) {
        replica.run.child.kill('SIGKILL');
      }
      await replica.run.exited;
    }),
  );
}

function processOf(run: RunningProcess, port: number): GatewayProcess {
  return {
    run,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    stop(signal = 'SIGTERM') {
      run.child.kill(signal);
      return run.exited;
    },
  };
}
