import { RequestMethod, Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { IS_PUBLIC_KEY } from '../../../src/common/decorators/public.decorator';
import { RATE_LIMIT_KEY, RouteRateLimit } from '../../../src/rate-limit/rate-limit.decorator';
import { startTestApp, TestApp } from '../../support/test-app';

interface Route {
  route: string;
  isPublic: boolean;
  limit: RouteRateLimit | undefined;
}

/** Every route handler of the running application, from Nest's own module container. */
function routesOf(t: TestApp): Route[] {
  const routes: Route[] = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      const prefix = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        // Descriptors, not property reads: a getter on a controller would run without its instance.
        const handler = Object.getOwnPropertyDescriptor(controller.prototype, name)?.value as unknown;
        if (typeof handler !== 'function' || !Reflect.hasMetadata(METHOD_METADATA, handler)) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const paths = [Reflect.getMetadata(PATH_METADATA, handler) as string | string[]].flat();
        const of = <T>(key: string): T | undefined =>
          (Reflect.getMetadata(key, handler) as T | undefined) ??
          (Reflect.getMetadata(key, controller) as T | undefined);
        for (const path of paths) {
          const url = `/${[prefix, path]
            .map((part) => part.replace(/^\/+|\/+$/g, ''))
            .filter(Boolean)
            .join('/')}`;
          routes.push({
            route: `${method} ${url}`,
            isPublic: of<boolean>(IS_PUBLIC_KEY) === true,
            limit: of<RouteRateLimit>(RATE_LIMIT_KEY),
          });
        }
      }
    }
  }
  return routes.sort((a, b) => a.route.localeCompare(b.route));
}

describe('rate-limit declarations on the routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('finds the application routes (the walk sees public and guarded ones)', () => {
    const routes = routesOf(t).map((r) => r.route);
    expect(routes).toEqual(expect.arrayContaining(['GET /healthz', 'GET /api/v1/marketplace/search']));
    expect(routes.length).toBeGreaterThan(20);
  });

  it('every authenticated route declares its limit group with @RateLimit', () => {
    const undeclared = routesOf(t).filter((r) => !r.isPublic && r.limit === undefined);
    expect(undeclared.map((r) => r.route)).toEqual([]);
  });

  it('puts each authenticated route in the group that names what it does', () => {
    const groups = Object.fromEntries(
      routesOf(t)
        .filter((r) => !r.isPublic)
        .map((r) => [r.route, r.limit?.group]),
    );
    expect(groups).toEqual({
      'DELETE /api/v1/guidance/rules/:id': 'guidance',
      'GET /api/v1/audit/events': 'audit',
      'GET /api/v1/audit/export': 'audit',
      'GET /api/v1/audit/sessions': 'audit',
      'GET /api/v1/audit/sessions/:id': 'audit',
      'GET /api/v1/audit/verify': 'audit',
      'GET /api/v1/catalog/imports/:id': 'api',
      'GET /api/v1/guidance/rules': 'guidance',
      'GET /api/v1/marketplace/product/:id': 'product',
      'GET /api/v1/marketplace/search': 'search',
      'GET /api/v1/suppliers': 'api',
      'POST /api/v1/audit/console-links': 'audit',
      'POST /api/v1/catalog/imports': 'api',
      'POST /api/v1/guidance/rules': 'guidance',
      'POST /api/v1/marketplace/product/:id/punchout': 'punchout',
      'POST /api/v1/suppliers': 'api',
    });
  });

  it('weights only the search by its request (other routes cost 1 point)', () => {
    const weighted = routesOf(t).filter((r) => r.limit?.cost !== undefined);
    expect(weighted.map((r) => r.route)).toEqual(['GET /api/v1/marketplace/search']);
    const cost = weighted[0].limit!.cost!;
    expect(cost({ query: 'kabel' })).toBe(1);
    expect(cost({ query: 'a b c d e f g h i j k l', page: '41' })).toBeGreaterThan(1);
  });
});
