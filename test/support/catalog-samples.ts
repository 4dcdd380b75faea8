import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  CatalogFileError,
  type CatalogHeader,
  type CatalogReader,
  type CatalogWarning,
  type SupplierItem,
} from '../../src/catalog/formats/supplier-item';

/**
 * The real supplier catalogs the readers are held to (BMEcat 2005 and 1.2 with the BME's schemas,
 * CIF 3.0, cXML Index). They are third-party and not copied into the project: they are read from
 * CATALOG_SAMPLES (default: the reference copy beside the checkout, `../shared/spec/catalogs`) and
 * CXML_SAMPLES (`../shared/spec/cxml/samples`). Under CI=true a missing copy or xmllint fails loudly,
 * as a missing Chromium does; locally those tests are skipped with a message.
 */
const root = resolve(__dirname, '..', '..');
export const CATALOG_SAMPLES = resolve(
  root,
  process.env.CATALOG_SAMPLES || join('..', 'shared', 'spec', 'catalogs'),
);
export const CXML_SAMPLES = resolve(
  root,
  process.env.CXML_SAMPLES || join('..', 'shared', 'spec', 'cxml', 'samples'),
);
export const BMECAT_SCHEMAS = join(CATALOG_SAMPLES, 'bmecat', 'schema');

const sampleProblems = [
  ...(existsSync(join(CATALOG_SAMPLES, 'README.md'))
    ? []
    : [`no catalog samples at ${CATALOG_SAMPLES} (set CATALOG_SAMPLES)`]),
  ...(existsSync(join(CXML_SAMPLES, 'cxml-php-Index.xml'))
    ? []
    : [`no cXML samples at ${CXML_SAMPLES} (set CXML_SAMPLES)`]),
];
const xmllintProblems =
  spawnSync('xmllint', ['--version'], { stdio: 'ignore' }).status === 0
    ? []
    : ['no xmllint on PATH (apt-get install libxml2-utils)'];
if (process.env.CI && sampleProblems.length + xmllintProblems.length > 0) {
  // A conformance test that silently skips in CI would hide a reader that no longer reads real files.
  throw new Error(`catalog sample tests cannot run: ${[...sampleProblems, ...xmllintProblems].join('; ')}`);
}

/** describe() when the real sample files are there; locally without them, describe.skip() with a loud message. */
export const describeWithCatalogSamples = (name: string, body: () => void) => {
  if (sampleProblems.length > 0)
    process.stderr.write(`Catalog sample tests SKIPPED: ${sampleProblems.join('; ')}.\n`);
  (sampleProblems.length > 0 ? describe.skip : describe)(`${name} [real catalog files]`, body);
};

/** describe() when the BME's schemas and xmllint are there; otherwise skipped loudly (failing under CI). */
export const describeWithBmecatSchemas = (name: string, body: () => void) => {
  const problems = [...sampleProblems, ...xmllintProblems];
  if (problems.length > 0)
    process.stderr.write(`BMEcat schema validation SKIPPED: ${problems.join('; ')}.\n`);
  (problems.length > 0 ? describe.skip : describe)(`${name} [BMEcat schema]`, body);
};

export function catalogSample(relative: string): Buffer {
  return readFileSync(join(CATALOG_SAMPLES, relative));
}

export function cxmlSample(name: string): Buffer {
  return readFileSync(join(CXML_SAMPLES, name));
}

/** xmllint's verdict on a file against one of the BME's schemas (`bmecat_2005_1.xsd`, ...). Never fetches anything. */
export function validateAgainstBmecatSchema(
  file: string,
  schema: string,
): { valid: boolean; messages: string } {
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', join(BMECAT_SCHEMAS, schema), file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { valid: true, messages: '' };
  } catch (error) {
    const failed = error as { stderr?: Buffer; stdout?: Buffer };
    return { valid: false, messages: `${failed.stderr?.toString() ?? ''}${failed.stdout?.toString() ?? ''}` };
  }
}

/** Everything a reader yields for a file, sorted by kind, or the CatalogFileError it threw. */
export interface CatalogRead {
  headers: CatalogHeader[];
  items: SupplierItem[];
  rejected: Array<{ line: number; item: string | null; reason: string }>;
  warnings: CatalogWarning[];
  /** Event types in file order ('header', 'item', ...), to check that the header comes first. */
  order: string[];
  error: CatalogFileError | null;
}

/** Reads `content` with `reader`, fed in chunks of `chunkSize` bytes (as a file or a request body arrives). */
export async function readCatalog(
  reader: CatalogReader,
  content: Buffer | string,
  chunkSize = 65_536,
): Promise<CatalogRead> {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  async function* chunks(): AsyncGenerator<Buffer> {
    for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize);
  }
  const read: CatalogRead = { headers: [], items: [], rejected: [], warnings: [], order: [], error: null };
  try {
    for await (const event of reader.read(chunks())) {
      read.order.push(event.type);
      if (event.type === 'header') read.headers.push(event.header);
      else if (event.type === 'item') read.items.push(event.item);
      else if (event.type === 'rejected')
        read.rejected.push({ line: event.line, item: event.item, reason: event.reason });
      else read.warnings.push(event.warning);
    }
  } catch (error) {
    if (!(error instanceof CatalogFileError)) throw error;
    read.error = error;
  }
  return read;
}
