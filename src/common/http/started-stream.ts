import { Readable } from 'node:stream';

/**
 * A download whose first chunk is already made. The response's status and headers go out with the
 * first byte, so what fails before it (a filter PostgreSQL refuses, the database unreachable) must
 * still be an error response (400, 503) through the exception filter, not a 200 cut short: this
 * waits for that first chunk, rejecting with the stream's error. What fails later ends the stream
 * with that error, and the server cuts the download off (never ended as if complete).
 */
export async function startedStream(source: Readable): Promise<Readable> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const first = await chunks.next();
  async function* all(): AsyncGenerator<Buffer | string> {
    if (first.done) return;
    yield first.value;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  const started = Readable.from(all(), { objectMode: false });
  // Closed early (the client went away, the server shuts down): the source stops reading pages.
  started.once('close', () => source.destroy());
  return started;
}
