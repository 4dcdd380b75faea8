import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `check` until it passes, then answers its result; after `withinMs` its last failure is thrown.
 * For what the gateway writes beside its answer rather than before it (a credential refusal's audit
 * event), which a test reads right after the answer.
 */
export async function eventually<T>(check: () => Promise<T>, withinMs = 5_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(20);
    }
  }
}
