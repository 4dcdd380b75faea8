import type { INestApplication } from '@nestjs/common';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeGracefully } from '../../../src/bootstrap/close-gracefully';
import { createApp } from '../../../src/bootstrap/create-app';
import { loadConfig } from '../../../src/config/app-config';
import { appRoutes } from '../../support/app-routes';

const ARCHITECTURE = join(__dirname, '../../../docs/architecture.md');

/**
 * The routes docs/architecture.md's URL table names: `GET /a/{id}` is one, `GET`/`POST /a` two.
 * Paths are written as the URL, parameters in braces; a route is returned as Fastify writes it
 * (`GET /a/:id`).
 */
function documentedRoutes(markdown: string): string[] {
  const section = /^## Where a URL is handled\n([\s\S]*?)^## /m.exec(markdown)?.[1] ?? '';
  const routes: string[] = [];
  for (const [, more, last, path] of section.matchAll(/((?:`[A-Z]+`\/)*)`([A-Z]+) (\/[^`\s]*)`/g)) {
    const methods = [...more.matchAll(/`([A-Z]+)`/g)].map(([, method]) => method).concat(last);
    for (const method of methods) routes.push(`${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
  }
  return routes.sort();
}

describe("docs/architecture.md's URL table and the running application", () => {
  let app: INestApplication;
  let documented: string[];

  beforeAll(async () => {
    // The routes need no database: the pool connects lazily and is never used here.
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      TEST_BENCH: 'true',
      DATABASE_URL: 'postgresql://unused@127.0.0.1:1/none',
    });
    app = await createApp(config);
    await app.init();
    documented = documentedRoutes(readFileSync(ARCHITECTURE, 'utf8'));
  });
  afterAll(() => closeGracefully(app));

  it('names every route of every controller', () => {
    const missing = appRoutes(app)
      .map(({ route }) => route)
      .filter((route) => !documented.includes(route));
    expect(missing).toEqual([]);
  });

  it('names only routes the application answers (those outside controllers too: documents, assets)', () => {
    const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
    const unknown = documented.filter((route) => {
      const [method, url] = route.split(' ');
      return !fastify.hasRoute({ method: method as HTTPMethods, url });
    });
    expect(unknown).toEqual([]);
    expect(documented).toEqual(expect.arrayContaining(['GET /openapi.json', 'GET /docs', 'GET /assets/*']));
  });

  it('reads the table as written: one route per method, parameters as Fastify writes them', () => {
    const table = '## Where a URL is handled\n| `GET`/`POST /a/{id}/b`, `DELETE /c` (`{id}`: x) |\n## Next';
    expect(documentedRoutes(table)).toEqual(['DELETE /c', 'GET /a/:id/b', 'POST /a/:id/b']);
  });
});
