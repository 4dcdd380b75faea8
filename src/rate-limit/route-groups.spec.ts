import { routeGroupOf } from './route-groups';

describe('routeGroupOf', () => {
  it.each([
    ['/api/v1/marketplace/search', 'search'],
    ['/api/v1/marketplace/product/:id', 'product'],
    ['/api/v1/marketplace/product/:id/punchout', 'punchout'],
    ['/api/v1/guidance/rules', 'guidance'],
    ['/api/v1/guidance/rules/:id', 'guidance'],
    ['/api/v1/audit/export', 'audit'],
    ['/__test/whoami', 'api'],
  ])('puts %s in %s', (url, group) => {
    expect(routeGroupOf(url)).toBe(group);
  });
});
