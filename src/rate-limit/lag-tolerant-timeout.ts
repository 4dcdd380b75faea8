/**
 * `work`'s result if it settles within `timeoutMs`, else `fallback()`'s. Unlike a plain timer (and
 * ioredis' `commandTimeout`), an answer that has already arrived when the timer fires still wins:
 * Node runs expired timers before it reads sockets, so on an event loop busy for longer than the
 * timeout (a burst of requests on a small machine) a plain timer gives up on replies that are
 * waiting, unread, in the socket. The decision is deferred with setImmediate, which runs after the
 * loop's I/O phase has read them.
 */
export function settleWithin<T>(work: Promise<T>, timeoutMs: number, fallback: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      setImmediate(() => {
        if (settled) return;
        settled = true;
        fallback().then(resolve, reject);
      });
    }, timeoutMs);
    work.then(
      (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
