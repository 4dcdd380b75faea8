import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeWithParts, ExternalPart, sharedSpecFile, skipping } from './external-parts';

/**
 * Validation of the cXML documents the gateway emits against the real cXML 1.2.063 DTD with libxml2's
 * `xmllint --nonet --dtdvalid` (Debian's libxml2-utils, which .ci/run installs). The DTD is
 * third-party and not copied into the project: it is read from CXML_DTD, by default the reference
 * copy beside the checkout. Without either part the conformance tests are skipped and named in the
 * run's summary; under CI=true they fail (external-parts.ts).
 */
const dtd = sharedSpecFile(join('cxml', '1.2.063', 'cXML.dtd'), 'CXML_DTD', 'cXML DTD');
export const CXML_DTD = dtd.path;

const xmllint: ExternalPart = {
  name: 'xmllint',
  missing: spawnSync('xmllint', ['--version'], { stdio: 'ignore' }).status === 0 ? undefined : 'not on PATH',
  fix: 'apt-get install libxml2-utils',
};

/** describe() when the DTD and xmllint are there; otherwise skipped and named (in CI: an error). */
export const describeWithCxmlDtd = (name: string, body: () => void) =>
  describeWithParts([dtd.part, xmllint], `${name} [cXML DTD]`, body);

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

/**
 * Asserts a document is valid cXML 1.2.063, showing xmllint's messages when it is not. Without the
 * DTD or xmllint (locally) the check is left out, and the summary names it; the test's other
 * assertions still run.
 */
export function expectValidCxml(document: string): void {
  if (skipping([dtd.part, xmllint], 'DTD validation of emitted cXML')) return;
  const verdict = validateCxml(document);
  expect(verdict.messages).toBe('');
  expect(verdict.valid).toBe(true);
}
