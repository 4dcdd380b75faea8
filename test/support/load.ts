/** One request of a load run, as the client saw it. */
export interface Sample<T = unknown> {
  worker: number;
  /** Date.now() when the request was sent and when its answer (or error) arrived. */
  startedAt: number;
  endedAt: number;
  /** HTTP status, or 0 when the request failed without an answer (refused, reset). */
  status: number;
  /** Connection-level failure (e.g. ECONNREFUSED), when there was no answer. */
  error?: string;
  /** Whatever the operation wants to keep (body fields, headers). */
  detail?: T;
}

export interface LoadRun<T> {
  samples: Sample<T>[];
  /** Stops sending new requests and waits for those in flight. */
  stop(): Promise<Sample<T>[]>;
}

/** An operation of one worker: the i-th request of worker `worker`. */
export type LoadOperation<T> = (
  worker: number,
  i: number,
) => Promise<{ status: number; detail?: T } | { status: 0; error: string }>;

/**
 * `workers` concurrent clients, each sending its next request as soon as the previous one is answered
 * (closed loop: the load follows the server's pace, as real clients do), until stop().
 */
export function startLoad<T>(workers: number, operation: LoadOperation<T>, pauseMs = 0): LoadRun<T> {
  const samples: Sample<T>[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let i = 0; running; i += 1) {
      const startedAt = Date.now();
      let outcome: Awaited<ReturnType<LoadOperation<T>>>;
      try {
        outcome = await operation(worker, i);
      } catch (error) {
        outcome = { status: 0, error: connectionErrorOf(error) };
      }
      samples.push({ worker, startedAt, endedAt: Date.now(), ...outcome });
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  });
  return {
    samples,
    async stop() {
      running = false;
      await Promise.all(loops);
      return samples;
    },
  };
}

/** fetch() wraps the socket error in a TypeError("fetch failed"); the code is in its cause. */
export function connectionErrorOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every `everyMs` until it returns true; the time it took, or undefined past `timeoutMs`. */
export async function timeUntil(
  probe: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 50,
): Promise<number | undefined> {
  const started = Date.now();
  while (Date.now() - started <= timeoutMs) {
    if (await probe().catch(() => false)) return Date.now() - started;
    await sleep(everyMs);
  }
  return undefined;
}
