import { IS_PUBLIC_KEY } from '../../../src/common/decorators/public.decorator';
import { RATE_LIMIT_KEY, RouteRateLimit } from '../../../src/rate-limit/rate-limit.decorator';
import { appRoutes } from '../../support/app-routes';
import { startTestApp, TestApp } from '../../support/test-app';

interface Route {
  route: string;
  isPublic: boolean;
  limit: RouteRateLimit | undefined;
}

/** Every route handler of the running application with its declarations (the handler's, else its controller's). */
function routesOf(t: TestApp): Route[] {
  return appRoutes(t.app).map(({ route, handler, controller }) => {
    const of = <T>(key: string): T | undefined =>
      (Reflect.getMetadata(key, handler) as T | undefined) ??
      (Reflect.getMetadata(key, controller) as T | undefined);
    return {
      route,
      isPublic: of<boolean>(IS_PUBLIC_KEY) === true,
      limit: of<RouteRateLimit>(RATE_LIMIT_KEY),
    };
  });
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
      'GET /api/v1/orders': 'audit',
      'GET /api/v1/orders/:id': 'audit',
      'POST /api/v1/audit/console-links': 'audit',
      'POST /api/v1/catalog/imports': 'api',
      'POST /api/v1/guidance/rules': 'guidance',
      'POST /api/v1/marketplace/product/:id/punchout': 'punchout',
      'POST /api/v1/suppliers': 'api',
      'POST /api/v1/orders': 'api',
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
