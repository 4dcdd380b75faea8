import { join } from 'node:path';
import { sourceFiles } from '../../test/support/source-files';

const SRC = join(__dirname, '..');

/** Every source file under src (specs and the generated client excluded), with its text. */
const sources = () => sourceFiles(SRC);

/** Controllers kept out of the API documentation that answer machines, not browsers (cXML in, cXML out). */
const MACHINE_CONTROLLERS = [
  'punchout/cxml/cxml-setup.controller.ts',
  'orders/cxml/cxml-orders.controller.ts',
];

/** The page controllers: the other controllers kept out of the API documentation. */
function pageControllers() {
  return sources().filter(
    ({ file, text }) =>
      /@ApiExcludeController\(\)/.test(text) &&
      /@Controller\(/.test(text) &&
      !MACHINE_CONTROLLERS.includes(file),
  );
}

describe('page toolkit: every page is built one way', () => {
  it('finds the page controllers of every area', () => {
    expect(
      pageControllers()
        .map(({ file }) => file)
        .sort(),
    ).toEqual([
      'compliance/console/audit-console.controller.tsx',
      'compliance/console/console-sign-in.controller.tsx',
      'compliance/console/oidc/console-oidc.controller.tsx',
      'compliance/console/orders-console.controller.tsx',
      'home/home.controller.tsx',
      'punchout/oci/oci-callup.controller.ts',
      'punchout/shop/punchout-pages.controller.ts',
      'test-bench/test-bench.controller.tsx',
    ]);
  });

  it.each(pageControllers().map(({ file, text }) => [file, text]))(
    '%s: a page area guard, every route returns a page result, no reply handling of its own',
    (_file, text) => {
      expect(text).toMatch(/@UseGuards\([^)]*(?:PageLanguageGuard|ConsoleViewerGuard|PunchoutSessionGuard)/);
      const routes = text.match(/@(?:Get|Post)\(/g) ?? [];
      const pageRoutes = text.match(/@PageRoute\(\)/g) ?? [];
      expect(routes.length).toBeGreaterThan(0);
      expect(pageRoutes).toHaveLength(routes.length);
      expect(text).not.toMatch(/@Res\(|@UseFilters\(|sendPage\(|renderPage\(|pickLanguage\(/);
    },
  );

  it('sends pages, negotiates languages and renders message pages only in the toolkit', () => {
    const outside = sources().filter(({ file }) => !file.startsWith('web/'));
    expect(outside.filter(({ text }) => /\bsendPage\(/.test(text)).map(({ file }) => file)).toEqual([]);
    expect(outside.filter(({ text }) => /\bpickLanguage\(/.test(text)).map(({ file }) => file)).toEqual([]);
    // One message page: the areas wrap the toolkit's in their look, none lays out its own.
    const ownMessagePages = outside.filter(
      ({ text }) => /export function \w*MessagePage\(/.test(text) && !/<MessagePage\b/.test(text),
    );
    expect(ownMessagePages.map(({ file }) => file)).toEqual([]);
    // One HTML error filter: no area catches errors for itself.
    expect(outside.filter(({ text }) => /@Catch\(/.test(text)).map(({ file }) => file)).toEqual([
      'common/filters/api-exception.filter.ts',
    ]);
  });
});
