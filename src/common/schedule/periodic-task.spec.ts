import { setTimeout as sleep } from 'node:timers/promises';
import { SchedulerRegistry } from '@nestjs/schedule';
import { PeriodicTask } from './periodic-task';

// Real timers with short pauses: the assertions are about order and overlap, never about speed.

/** A run that takes `ms` and records how many runs were in progress at once. */
function slowRun(ms: number) {
  const seen = { runs: 0, inProgress: 0, mostAtOnce: 0, abortedInside: 0 };
  const run = async (stopping: AbortSignal) => {
    seen.runs++;
    seen.inProgress++;
    seen.mostAtOnce = Math.max(seen.mostAtOnce, seen.inProgress);
    await sleep(ms);
    if (stopping.aborted) seen.abortedInside++;
    seen.inProgress--;
    return seen.runs;
  };
  return { seen, run };
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
}

describe('PeriodicTask', () => {
  let registry: SchedulerRegistry;
  const tasks: Array<PeriodicTask<unknown>> = [];
  const task = <T>(...args: ConstructorParameters<typeof PeriodicTask<T>>) => {
    const created = new PeriodicTask<T>(...args);
    tasks.push(created as PeriodicTask<unknown>);
    return created;
  };

  beforeEach(() => {
    registry = new SchedulerRegistry();
  });
  afterEach(async () => {
    await Promise.all(tasks.splice(0).map((t) => t.stop()));
  });

  it('draws every pause within everyMs ± the jitter, anew each time', () => {
    const draws = [0, 0.5, 0.999999];
    const jittered = task(
      registry,
      { name: 'j', everyMs: 60_000, run: async () => undefined },
      () => draws.shift() ?? 0,
    );
    expect([jittered.nextPauseMs(), jittered.nextPauseMs(), jittered.nextPauseMs()]).toEqual([
      54_000, 60_000, 66_000,
    ]);
    const exact = task(registry, { name: 'e', everyMs: 1_000, jitter: 0, run: async () => undefined });
    expect(exact.nextPauseMs()).toBe(1_000);
  });

  it('runs again and again, registered under its name while a run is planned', async () => {
    const { seen, run } = slowRun(1);
    const repeating = task(registry, { name: 'repeating', everyMs: 10, run });
    repeating.start();
    expect(registry.getTimeouts()).toEqual(['repeating']);
    await until(() => seen.runs >= 3);
    await repeating.stop();
    expect(registry.getTimeouts()).toEqual([]);
  });

  it('never overlaps: a run longer than the pause delays the next, and runNow() joins the run in progress', async () => {
    const { seen, run } = slowRun(60);
    const slow = task(registry, { name: 'slow', everyMs: 5, run });
    slow.start();
    await until(() => seen.inProgress === 1);
    const joined = [slow.runNow(), slow.runNow()];
    const results = await Promise.all(joined);
    expect(results[0]).toBe(results[1]);
    await until(() => seen.runs >= 4);
    expect(seen.mostAtOnce).toBe(1);
  });

  it('stop() aborts the run in progress, waits for it, and plans nothing after it', async () => {
    const { seen, run } = slowRun(80);
    const stopping = task(registry, { name: 'stopping', everyMs: 5, run });
    stopping.start();
    await until(() => seen.inProgress === 1);
    await stopping.stop();
    expect(seen).toMatchObject({ inProgress: 0, abortedInside: 1, runs: 1 });
    await sleep(50);
    expect(seen.runs).toBe(1);
    expect(registry.getTimeouts()).toEqual([]);
    stopping.start();
    await sleep(30);
    expect(seen.runs).toBe(1);
  });

  it('logs a failed run and runs again at the next pause', async () => {
    let runs = 0;
    const failing = task(registry, {
      name: 'failing',
      everyMs: 5,
      run: async () => {
        runs++;
        if (runs === 1) throw new Error('database gone');
        return runs;
      },
    });
    const warned = jest.spyOn(failing['logger'], 'warn').mockImplementation(() => undefined);
    expect(await failing.runNow()).toBeUndefined();
    expect(warned).toHaveBeenCalledWith(expect.stringContaining('failing failed, retrying'));
    failing.start();
    await until(() => runs >= 2);
  });
});
