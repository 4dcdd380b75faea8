import { ChildProcess, spawn } from 'node:child_process';
import { Socket, connect } from 'node:net';
import { settleWithin } from './lag-tolerant-timeout';

/** A connected loopback socket; `ask()` sends a request the server answers at once. */
async function connection(port: number): Promise<{ ask: () => Promise<string>; close: () => void }> {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return {
    ask: () =>
      new Promise((resolve) => {
        socket.once('data', (data) => resolve(String(data)));
        socket.write('ping');
      }),
    close: () => socket.destroy(),
  };
}

function busyFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // the event loop is blocked, as under a burst of requests
  }
}

describe('settleWithin', () => {
  // The server is another process, as Redis is: it answers while this process's loop is blocked.
  let server: ChildProcess;
  let port: number;
  beforeAll(async () => {
    server = spawn(process.execPath, [
      '-e',
      `const s = require('node:net').createServer((c) => c.on('data', () => c.write('pong')));
       s.listen(0, '127.0.0.1', () => console.log(s.address().port));`,
    ]);
    port = await new Promise<number>((resolve) =>
      server.stdout!.once('data', (data) => resolve(Number(String(data)))),
    );
  });
  afterAll(() => {
    server.kill();
  });

  it('keeps an answer that arrived while the event loop was blocked past the timeout', async () => {
    const socket = await connection(port);
    const result = settleWithin(socket.ask(), 50, () => Promise.resolve('fallback'));
    busyFor(300); // the answer arrives meanwhile, unread, and the timer expires
    await expect(result).resolves.toBe('pong');
    socket.close();
  });

  it('a plain timer race gives up on the same answer (what ioredis commandTimeout does)', async () => {
    const socket = await connection(port);
    const plain = Promise.race([
      socket.ask(),
      new Promise<string>((resolve) => setTimeout(() => resolve('fallback'), 50)),
    ]);
    busyFor(300);
    await expect(plain).resolves.toBe('fallback');
    socket.close();
  });

  it('falls back when no answer comes', async () => {
    await expect(
      settleWithin(new Promise<string>(() => undefined), 20, () => Promise.resolve('fallback')),
    ).resolves.toBe('fallback');
  });

  it('passes a rejection through, and ignores the work once it fell back', async () => {
    await expect(
      settleWithin(Promise.reject(new Error('no')), 20, () => Promise.resolve('x')),
    ).rejects.toThrow('no');
    let late: (value: string) => void = () => undefined;
    const slow = new Promise<string>((resolve) => (late = resolve));
    const result = settleWithin(slow, 10, () => Promise.resolve('fallback'));
    await expect(result).resolves.toBe('fallback');
    late('too late');
  });
});
