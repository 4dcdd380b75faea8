import { contentSecurityPolicy } from './page-security';

describe('contentSecurityPolicy', () => {
  it('allows only our own scripts and styles, no inline code, no framing by default', () => {
    const policy = contentSecurityPolicy();
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toContain("form-action 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('adds form targets and frame ancestors a page asks for', () => {
    const policy = contentSecurityPolicy({ formActions: ['https://srm.example:8443'], frameAncestors: '*' });
    expect(policy).toContain("form-action 'self' https://srm.example:8443");
    expect(policy).toContain('frame-ancestors *');
  });
});
