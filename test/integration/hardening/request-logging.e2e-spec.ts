import { Controller, Get, Module, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Public } from '../../../src/common/decorators/public.decorator';
import { startTestApp, TestApp } from '../../support/test-app';

/** Tells whether the request-logging middleware (pino-http) handled the request: it sets `log`. */
@Public()
@Controller('__test')
class LoggerProbeController {
  @Get('request-logger')
  probe(@Req() request: FastifyRequest): { logged: boolean } {
    return { logged: 'log' in request.raw };
  }
}

@Module({ controllers: [LoggerProbeController] })
class LoggerProbeModule {}

async function probe(level: string): Promise<{ logged: boolean; requestId: string | null }> {
  let t: TestApp | undefined;
  try {
    t = await startTestApp({ env: { LOG_LEVEL: level }, extraModules: [LoggerProbeModule] });
    const response = await fetch(`${t.baseUrl}/__test/request-logger`, {
      headers: { 'x-request-id': 'trace-42' },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { logged: boolean };
    return { logged: body.logged, requestId: response.headers.get('x-request-id') };
  } finally {
    await t?.close();
  }
}

describe('request logging middleware', () => {
  it('is mounted at a level that writes lines (error here, to keep test output clean)', async () => {
    expect(await probe('error')).toEqual({ logged: true, requestId: 'trace-42' });
  });

  it('is not mounted at silent (it would only cost), and the request id still comes back', async () => {
    expect(await probe('silent')).toEqual({ logged: false, requestId: 'trace-42' });
  });
});
