import { bodyOf } from '../../support/http';
import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import { IsInt, Max } from 'class-validator';
import { Public } from '../../../src/common/decorators/public.decorator';
import { startTestApp, TestApp } from '../../support/test-app';

class EchoDto {
  @IsInt()
  @Max(10)
  count!: number;
}

@Public()
@Controller('__test')
class FaultyController {
  @Get('crash')
  crash(): never {
    throw new Error('connection string postgres://admin:hunter2@db internal detail');
  }

  @Post('echo')
  echo(@Body() body: EchoDto): EchoDto {
    return body;
  }
}

@Module({ controllers: [FaultyController] })
class FaultyModule {}

describe('error responses', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [FaultyModule], env: { BODY_LIMIT_BYTES: '2048' } });
  });
  afterAll(() => t.close());

  it('answers an unknown route with 404 not_found in the API error shape', async () => {
    const response = await fetch(`${t.baseUrl}/api/v1/nothing-here?x=1`);
    expect(response.status).toBe(404);
    expect(await bodyOf(response)).toEqual({
      error: 'not_found',
      error_description: 'No route for GET /api/v1/nothing-here.',
    });
  });

  it('answers malformed JSON with 400 invalid_request', async () => {
    const response = await fetch(`${t.baseUrl}/__test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"count": ',
    });
    expect(response.status).toBe(400);
    const body = await bodyOf(response);
    expect(body.error).toBe('invalid_request');
    expect(typeof body.error_description).toBe('string');
  });

  it('answers a DTO violation and unknown fields with 400 naming the fields', async () => {
    const response = await fetch(`${t.baseUrl}/__test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 11, extra: true }),
    });
    expect(response.status).toBe(400);
    const body = await bodyOf(response);
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toMatch(/property extra should not exist/);
    expect(body.error_description).toMatch(/count must not be greater than 10/);
  });

  it('answers an oversized body with 413 before reading it all', async () => {
    const response = await fetch(`${t.baseUrl}/__test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 1, pad: 'x'.repeat(4096) }),
    });
    expect(response.status).toBe(413);
    expect((await bodyOf(response)).error).toBe('request_too_large');
  });

  it('answers an internal fault with a generic 500 and no internal details', async () => {
    const response = await fetch(`${t.baseUrl}/__test/crash`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: 'server_error',
      error_description: 'An internal error occurred.',
    });
    expect(text).not.toMatch(/hunter2|postgres:|at .*\.ts/);
  });

  it('sends a request id on every response, keeping a sane one from the caller', async () => {
    const generated = await fetch(`${t.baseUrl}/healthz`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const kept = await fetch(`${t.baseUrl}/nope`, { headers: { 'x-request-id': 'lb-1234.abc' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-1234.abc');

    const replaced = await fetch(`${t.baseUrl}/healthz`, {
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(replaced.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });
});
