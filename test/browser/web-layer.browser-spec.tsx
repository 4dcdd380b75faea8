import { Controller, Get, Module, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Browser } from 'playwright-core';
import { Public } from '../../src/common/decorators/public.decorator';
import { Layout } from '../../src/web/layout';
import { sendPage } from '../../src/web/page-security';
import { renderPage } from '../../src/web/render-page';
import {
  describeWithBrowser,
  failOnDialogs,
  launchBrowser,
  PHONE,
  seriousAccessibilityViolations,
} from '../support/browser';
import { startTestApp, TestApp } from '../support/test-app';

const XSS = `"><img src=x onerror=alert(1)><script>alert(2)</script>`;

@Controller('layer-page')
class LayerPageController {
  @Public()
  @Get()
  show(@Res() reply: FastifyReply): void {
    sendPage(
      reply,
      renderPage(
        <Layout lang="en" title={`Layer ${XSS}`}>
          <h1>{XSS}</h1>
          <form method="post" action="/nowhere">
            <label for="quantity">Quantity</label>
            <input id="quantity" name="quantity" type="number" value="1" />
            <button type="submit">Add</button>
          </form>
        </Layout>,
      ),
    );
  }

  /** The same page with an inline script, to prove the CSP (not only escaping) stops it. */
  @Public()
  @Get('inline')
  inline(@Res() reply: FastifyReply): void {
    sendPage(reply, '<!doctype html><html lang="en"><title>x</title><script>alert("inline")</script></html>');
  }
}

@Module({ controllers: [LayerPageController] })
class LayerPageModule {}

describeWithBrowser('shared page layer in Chromium', () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [LayerPageModule] });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows hostile text as text, loads the stylesheet, and passes axe', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const dialogs = failOnDialogs(page);
    await page.goto(`${t.baseUrl}/layer-page`);
    expect(await page.locator('h1').textContent()).toBe(XSS);
    expect(await page.title()).toBe(`Layer ${XSS}`);
    // app.css applied: the skip link sits off-screen until focused, then comes into view.
    expect(
      await page.locator('.skip-link').evaluate((link) => link.getBoundingClientRect().top),
    ).toBeLessThan(0);
    await page.keyboard.press('Tab');
    expect(
      await page.locator('.skip-link').evaluate((link) => link.getBoundingClientRect().top),
    ).toBeGreaterThanOrEqual(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(dialogs).toEqual([]);
  });

  it('blocks inline scripts through the Content-Security-Policy', async () => {
    const page = await browser.newPage();
    const dialogs = failOnDialogs(page);
    await page.goto(`${t.baseUrl}/layer-page/inline`);
    await page.waitForTimeout(200);
    expect(dialogs).toEqual([]);
  });
});
