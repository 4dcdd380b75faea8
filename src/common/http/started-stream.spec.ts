import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { startedStream } from './started-stream';

describe('startedStream', () => {
  it('rejects when the source fails before its first chunk', async () => {
    const source = Readable.from(
      (async function* () {
        throw new Error('invalid byte sequence');
        yield 'never';
      })(),
    );
    await expect(startedStream(source)).rejects.toThrow('invalid byte sequence');
  });

  it('passes every chunk on, the first one included', async () => {
    const started = await startedStream(Readable.from(['a', 'b', 'c'], { objectMode: false }));
    expect(await text(started)).toBe('abc');
    expect(await text(await startedStream(Readable.from([], { objectMode: false })))).toBe('');
  });

  it('fails its reader when the source fails after the first chunk', async () => {
    const started = await startedStream(
      Readable.from(
        (async function* () {
          yield 'header\n';
          throw new Error('terminating connection due to administrator command');
        })(),
      ),
    );
    await expect(text(started)).rejects.toThrow('administrator command');
  });

  it('stops the source when the reader goes away', async () => {
    let stopped = false;
    const started = await startedStream(
      Readable.from(
        (async function* () {
          try {
            for (let i = 0; ; i++) yield `${i}\n`;
          } finally {
            stopped = true;
          }
        })(),
      ),
    );
    started.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stopped).toBe(true);
  });
});
