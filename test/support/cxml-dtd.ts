import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Validation of the cXML documents the gateway emits against the real cXML 1.2.063 DTD with libxml2's
 * `xmllint --nonet --dtdvalid` (Debian's libxml2-utils, which .ci/run installs). The DTD is
 * third-party and not copied into the project: it is read from CXML_DTD, by default the reference
 * copy beside the checkout. Under CI=true a missing DTD or xmllint fails loudly, as a missing
 * Chromium does; locally the conformance tests are skipped with a message.
 */
export const CXML_DTD = resolve(
  __dirname,
  '..',
  '..',
  process.env.CXML_DTD || join('..', 'shared', 'spec', 'cxml', '1.2.063', 'cXML.dtd'),
);

function hasXmllint(): boolean {
  return spawnSync('xmllint', ['--version'], { stdio: 'ignore' }).status === 0;
}

const problems = [
  ...(existsSync(CXML_DTD) ? [] : [`no cXML DTD at ${CXML_DTD} (set CXML_DTD)`]),
  ...(hasXmllint() ? [] : ['no xmllint on PATH (apt-get install libxml2-utils)']),
];
if (problems.length > 0 && process.env.CI) {
  // A conformance test that silently skips in CI would hide an invalid document: fail instead.
  throw new Error(`cXML conformance cannot run: ${problems.join('; ')}`);
}

/** describe() when the DTD and xmllint are there; locally without them, describe.skip() with a loud message. */
export const describeWithCxmlDtd = (name: string, body: () => void) => {
  if (problems.length > 0) process.stderr.write(`cXML DTD conformance SKIPPED: ${problems.join('; ')}.\n`);
  (problems.length > 0 ? describe.skip : describe)(`${name} [cXML DTD]`, body);
};

/** xmllint's verdict on one document: valid, or its messages. Never fetches anything (--nonet). */
export function validateCxml(document: string): { valid: boolean; messages: string } {
  const dir = mkdtempSync(join(tmpdir(), 'cxml-'));
  try {
    const file = join(dir, 'document.xml');
    writeFileSync(file, document, 'utf8');
    try {
      execFileSync('xmllint', ['--noout', '--nonet', '--dtdvalid', CXML_DTD, file], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      return { valid: true, messages: '' };
    } catch (error) {
      const failed = error as { stderr?: Buffer; stdout?: Buffer };
      return {
        valid: false,
        messages: `${failed.stderr?.toString() ?? ''}${failed.stdout?.toString() ?? ''}`,
      };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Asserts a document is valid cXML 1.2.063, showing xmllint's messages when it is not. */
export function expectValidCxml(document: string): void {
  const verdict = validateCxml(document);
  expect(verdict.messages).toBe('');
  expect(verdict.valid).toBe(true);
}
