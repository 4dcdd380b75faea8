import { requestCost, routeGroupOf } from './route-groups';

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

  it('weighs searches only', () => {
    expect(requestCost('search', { query: 'paper', page: '11' })).toBe(2);
    expect(requestCost('product', { query: 'paper', page: '11' })).toBe(1);
    expect(requestCost('search', undefined)).toBe(1);
  });
});
