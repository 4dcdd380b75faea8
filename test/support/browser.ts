import axe from 'axe-core';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, chromium as playwrightChromium, Page } from 'playwright-core';
import { describeWithParts, ExternalPart } from './external-parts';

/** Debian's Chromium, which .ci/run installs; playwright-core never downloads a browser of its own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const SCREENSHOT_DIR = join(__dirname, '..', '..', 'test-output', 'screenshots');

/**
 * How long a browser test (and each of its hooks) may take. A page test starts an application,
 * launches Chromium and renders pages: on a busy 2-core machine running other suites beside it,
 * jest's 30 s default timed out where nothing was wrong.
 */
export const BROWSER_TEST_TIMEOUT_MS = 180_000;

const chromium: ExternalPart = {
  name: 'Chromium',
  missing: existsSync(CHROMIUM_PATH) ? undefined : `nothing at ${CHROMIUM_PATH}`,
  fix: 'apt-get install chromium (or set CHROMIUM_PATH)',
};

/** describe() when Chromium is installed, with the browser timeout; otherwise skipped and named (CI: an error). */
export const describeWithBrowser = (name: string, body: () => void) =>
  describeWithParts([chromium], `${name} [browser]`, () => {
    jest.setTimeout(BROWSER_TEST_TIMEOUT_MS);
    body();
  });

/**
 * Headless Chromium with the flags this closed network needs (no background calls home), plus
 * `extraArgs` (e.g. `--host-resolver-rules` to reach a test app under its PUBLIC_URL's name).
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return playwrightChromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** Fails the test on any alert/confirm/prompt: an XSS payload that executes opens one. */
export function failOnDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

export interface AccessibilityViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** axe-core's serious and critical violations on the page as it is now (WCAG 2.1 A/AA rules). */
export async function seriousAccessibilityViolations(page: Page): Promise<AccessibilityViolation[]> {
  // Injected as a script through the DevTools protocol, so the page's CSP does not block it.
  await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    }),
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** Writes a full-page screenshot under test-output/screenshots/ for a person to review. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };
