import { consoleMessages } from './console-messages';
import { consoleOidcMessages } from './oidc/console-oidc.messages';

/** Every string of a message catalog (functions called with sample arguments). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return strings((value as (...args: unknown[]) => unknown)(7, 9, 'x'));
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('console messages', () => {
  it.each(['en', 'de'] as const)(
    'speak to auditors, not developers (%s): no API paths or commands',
    (lang) => {
      const texts = strings([consoleMessages(lang), consoleOidcMessages(lang)]);
      expect(texts.length).toBeGreaterThan(20);
      expect(texts.filter((text) => /\/api\/|\bPOST\b|\bGET\b|gateway audit/.test(text))).toEqual([]);
    },
  );
});
