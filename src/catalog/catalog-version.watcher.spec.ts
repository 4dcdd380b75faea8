import { Clock } from '../common/clock/clock';
import { AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';
import { CatalogVersionWatcher } from './catalog-version.watcher';

/** A watcher over a catalog_version the test moves (a stand-in pool), with a time the test sets. */
function setup(checkMs = 1_000) {
  const state = { version: 1, now: 0, reads: 0 };
  let release: (() => void) | undefined;
  const gate = { hold: false };
  const prisma = {
    pool: {
      query: async () => {
        state.reads++;
        const version = String(state.version);
        if (gate.hold) await new Promise<void>((resolve) => (release = resolve));
        return { rows: [{ version }] };
      },
    },
  } as unknown as PrismaService;
  const clock = { now: () => new Date(state.now) } as Clock;
  const config = { catalogVersion: { checkMs } } as AppConfig;
  const watcher = new CatalogVersionWatcher(prisma, clock, config);
  return { state, watcher, gate, release: () => release?.() };
}

describe('CatalogVersionWatcher', () => {
  it('reads the version at most once per checkMs', async () => {
    const { state, watcher } = setup();
    expect(await watcher.current()).toBe('1');
    state.version = 2;
    state.now = 999;
    expect(await watcher.current()).toBe('1');
    expect(state.reads).toBe(1);
    state.now = 1_000;
    expect(await watcher.current()).toBe('2');
    expect(state.reads).toBe(2);
  });

  it('reads again when the clock went backwards, and every time with checkMs 0', async () => {
    const backwards = setup();
    backwards.state.now = 5_000;
    await backwards.watcher.current();
    backwards.state.now = 4_000;
    await backwards.watcher.current();
    expect(backwards.state.reads).toBe(2);

    const always = setup(0);
    await always.watcher.current();
    await always.watcher.current();
    expect(always.state.reads).toBe(2);
  });

  it('lets concurrent callers share one read', async () => {
    const { state, watcher, gate, release } = setup();
    gate.hold = true;
    const waiting = [watcher.current(), watcher.current(), watcher.current()];
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect(await Promise.all(waiting)).toEqual(['1', '1', '1']);
    expect(state.reads).toBe(1);
  });
});
