import { contentSecurityPolicy, frameAncestorsSource } from './page-security';

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

describe('frameAncestorsSource', () => {
  it("names the session's origins, once each, then what PUNCHOUT_FRAME_ANCESTORS adds", () => {
    expect(frameAncestorsSource(['https://SRM.example.com', 'https://srm.example.com'], '')).toBe(
      'https://srm.example.com',
    );
    expect(frameAncestorsSource(['https://srm.example.com'], "https://portal.example.com 'self'")).toBe(
      "https://srm.example.com https://portal.example.com 'self'",
    );
  });

  it("is 'none' with nothing to name, and * when widened to any site", () => {
    expect(frameAncestorsSource([], '')).toBe("'none'");
    expect(frameAncestorsSource(['https://srm.example.com'], '*')).toBe('*');
  });
});
