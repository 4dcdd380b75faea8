import { Controller, Get, Module } from '@nestjs/common';
import { Public } from '../../../src/common/decorators/public.decorator';
import { bodyOf } from '../../support/http';
import { startTestApp } from '../../support/test-app';

/** A route that holds its request open until the test releases it. */
const gate = {
  entered: undefined as undefined | (() => void),
  release: undefined as undefined | (() => void),
};

@Public()
@Controller('__test')
class SlowController {
  @Get('slow')
  async slow(): Promise<{ finished: true }> {
    gate.entered?.();
    await new Promise<void>((resolve) => (gate.release = resolve));
    return { finished: true };
  }
}

@Module({ controllers: [SlowController] })
class SlowModule {}

describe('graceful shutdown', () => {
  it('finishes in-flight requests before closing, and refuses new ones meanwhile', async () => {
    const t = await startTestApp({ extraModules: [SlowModule] });
    const entered = new Promise<void>((resolve) => (gate.entered = resolve));
    const inFlight = fetch(`${t.baseUrl}/__test/slow`);
    await entered;

    let closed = false;
    const closing = t.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 50)); // let close() start draining
    expect(closed).toBe(false);
    await expect(fetch(`${t.baseUrl}/healthz`)).rejects.toThrow(); // listener is gone

    gate.release?.();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await bodyOf(response)).toEqual({ finished: true });
    await closing;
    expect(closed).toBe(true);
  });
});
