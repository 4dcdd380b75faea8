// Regenerates docs/openapi.json from the code (`npm run openapi`). The file is committed so API
// changes show up in review; test/integration/web/openapi.e2e-spec.ts fails when it is stale.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApiDocument } from '../src/bootstrap/openapi';
import { createApp } from '../src/bootstrap/create-app';
import { closeGracefully } from '../src/bootstrap/close-gracefully';
import { loadConfig } from '../src/config/app-config';

export const OPENAPI_FILE = join(__dirname, '../docs/openapi.json');

async function main(): Promise<void> {
  // The document needs no database: the pool connects lazily and is never used here.
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATABASE_URL: 'postgresql://unused@127.0.0.1:1/none',
  });
  const app = await createApp(config);
  const document = buildOpenApiDocument(app, config);
  writeFileSync(OPENAPI_FILE, `${JSON.stringify({ ...document, servers: [] }, null, 2)}\n`);
  await closeGracefully(app);
  process.stdout.write(`wrote ${OPENAPI_FILE}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
