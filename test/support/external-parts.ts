import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/*
 * What some tests need from outside the repository: a program (Chromium, xmllint, pg_dump of the
 * test server's version, redis-server), a service (Redis) or a reference file beside the checkout
 * (the cXML DTD, catalog samples). A fresh clone without them must still end green, naming what it
 * skipped; CI, which installs them all, must fail instead of skipping.
 */

const ROOT = join(__dirname, '..', '..');

/** Where each skipped suite is recorded for the run's closing summary (summary-reporter.js). */
export const SKIPPED_PARTS_FILE = join(ROOT, 'test-output', 'skipped-parts.jsonl');

export interface ExternalPart {
  /** As the summary names it: `cXML DTD`, `Chromium`. */
  name: string;
  /** Why it is missing here; undefined when it is there. */
  missing: string | undefined;
  /** What to do to run the tests that need it. */
  fix: string;
}

/**
 * describe() when every part is there. When one is missing: under CI=true an error (a suite that
 * silently skips in CI would hide a failure); locally describe.skip(), one line on stderr, and a
 * record for the closing summary, which names each missing part once.
 */
export function describeWithParts(parts: ExternalPart[], name: string, body: () => void): void {
  (skipping(parts, name) ? describe.skip : describe)(name, body);
}

/**
 * For a check inside a test (e.g. a DTD validation among other assertions): true when it must be
 * left out because a part is missing here (said once per file and recorded for the summary); under
 * CI=true a missing part is an error instead.
 */
export function skipping(parts: ExternalPart[], what: string): boolean {
  const missing = parts.filter((part) => part.missing !== undefined);
  if (missing.length === 0) return false;
  if (process.env.CI) {
    throw new Error(
      `${what} cannot run: ${missing.map((part) => `${part.name}: ${part.missing} (${part.fix})`).join('; ')}`,
    );
  }
  const file = relative(ROOT, expect.getState().testPath ?? 'unknown');
  if (recorded.has(`${file}\0${what}`)) return true;
  recorded.add(`${file}\0${what}`);
  mkdirSync(dirname(SKIPPED_PARTS_FILE), { recursive: true });
  for (const part of missing) {
    process.stderr.write(`SKIPPED "${what}": no ${part.name}: ${part.missing}. ${part.fix}\n`);
    appendFileSync(SKIPPED_PARTS_FILE, `${JSON.stringify({ ...part, suite: what, file })}\n`);
  }
  return true;
}

/** What this worker has already said was skipped, per test file. */
const recorded = new Set<string>();

/**
 * A reference file from the shared specifications beside the checkout (`../shared/spec/<path>`), or
 * from the environment variable that overrides its location.
 */
export function sharedSpecFile(
  path: string,
  variable: string,
  name: string,
): { path: string; part: ExternalPart } {
  const file = resolve(ROOT, process.env[variable] || join('..', 'shared', 'spec', path));
  return {
    path: file,
    part: {
      name,
      missing: existsSync(file) ? undefined : `nothing at ${file}`,
      fix: `Set ${variable} to its path, or put the shared specifications beside the checkout (../shared/spec)`,
    },
  };
}

/**
 * A supplier catalog sample (BMEcat, cXML, CIF) from the shared specifications beside the checkout,
 * or from CATALOG_SAMPLES_DIR: `describeWithParts([catalogSample('bmecat/x.xml').part], ...)`.
 */
export function catalogSample(path: string): { path: string; part: ExternalPart } {
  const dir = resolve(ROOT, process.env.CATALOG_SAMPLES_DIR || join('..', 'shared', 'spec', 'catalogs'));
  const file = join(dir, path);
  return {
    path: file,
    part: {
      name: 'catalog samples',
      missing: existsSync(file) ? undefined : `nothing at ${file}`,
      fix: 'Set CATALOG_SAMPLES_DIR to the samples, or put the shared specifications beside the checkout (../shared/spec)',
    },
  };
}
