import { Controller, Get, Headers, Module, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../../src/common/decorators/public.decorator';
import { pickLanguage } from '../../../src/web/language';
import { Layout } from '../../../src/web/layout';
import { readPageForm } from '../../../src/web/page-form';
import { sendPage } from '../../../src/web/page-security';
import { renderPage } from '../../../src/web/render-page';
import { startTestApp, TestApp } from '../../support/test-app';

const HOSTILE = `"><img src=x onerror=alert(1)><script>alert(2)</script>&amp;`;

@Controller('test-page')
class TestPageController {
  @Public()
  @Get()
  show(@Headers('accept-language') acceptLanguage: string | undefined, @Res() reply: FastifyReply): void {
    const lang = pickLanguage(acceptLanguage, 'en');
    sendPage(
      reply,
      renderPage(
        <Layout lang={lang} title={HOSTILE} scripts={['/assets/none.js']}>
          <p data-value={HOSTILE}>{HOSTILE}</p>
        </Layout>,
      ),
      { formActions: ['https://hook.example'] },
    );
  }

  @Public()
  @Post()
  echo(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    void reply.send(readPageForm(request.body, ['item']));
  }
}

@Module({ controllers: [TestPageController] })
class TestPageModule {}

describe('server-rendered pages (shared web layer)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [TestPageModule] });
  });
  afterAll(() => t.close());

  it('escapes every value, in text and attributes, and sends the security headers', async () => {
    const response = await fetch(`${t.baseUrl}/test-page`, {
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain(
      "form-action 'self' https://hook.example",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html.startsWith('<!doctype html><html lang="de">')).toBe(true);
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script>alert(2)&lt;/script>&amp;amp;');
    expect(html).toContain('data-value="&quot;>&lt;img src=x onerror=alert(1)>');
    expect(html).toContain('<a class="skip-link" href="#main">Zum Inhalt springen</a>');
  });

  it('serves the stylesheet publicly with caching and nosniff, and nothing outside the assets folder', async () => {
    const css = await fetch(`${t.baseUrl}/assets/app.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(css.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(css.headers.get('x-content-type-options')).toBe('nosniff');
    expect(css.headers.get('etag')).toBeTruthy();
    expect(await css.text()).toContain(':focus-visible');
    const escape = await fetch(`${t.baseUrl}/assets/..%2f..%2fpackage.json`);
    expect(escape.status).toBe(404);
    // Refused before the file server: the path names no file of the flat directory.
    expect(await escape.json()).toEqual({
      error: 'not_found',
      error_description: 'No route for GET /assets/..%2f..%2fpackage.json.',
    });
    expect((await fetch(`${t.baseUrl}/assets/missing.css`)).status).toBe(404);
  });

  it('reads posted forms with repeated fields kept where asked, and refuses broken encodings', async () => {
    const post = (body: string) =>
      fetch(`${t.baseUrl}/test-page`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    const ok = await post('item=a&item=b%20c&csrf=x%2By&csrf=ignored');
    expect(await ok.json()).toEqual({ item: ['a', 'b c'], csrf: 'x+y' });
    const broken = await post('item=%zz');
    expect(broken.status).toBe(400);
    expect((await broken.json()).error).toBe('invalid_request');
  });
});
