import { checkCallbackUrl } from './callback-url';

describe('checkCallbackUrl', () => {
  it('keeps the URL exactly as given and takes ~TARGET from its query', () => {
    const raw = 'https://srm.example.com/sap/bc?sap-client=100&~OkCode=ADDI&~TARGET=_parent&~CALLER=CTLG';
    expect(checkCallbackUrl(raw, [])).toEqual({
      ok: true,
      url: raw,
      origin: 'https://srm.example.com',
      target: '_parent',
    });
  });

  it('defaults the target to _top and accepts ~target in lower case', () => {
    expect(checkCallbackUrl('http://localhost:8080/hook', [])).toMatchObject({ ok: true, target: '_top' });
    expect(checkCallbackUrl('http://localhost:8080/hook?~target=frame-1', [])).toMatchObject({
      target: 'frame-1',
    });
  });

  it.each([
    ['', /must not be empty/],
    ['/relative', /absolute http or https/],
    ['mailto:a@b.example', /absolute http or https/],
    ['data:text/html,x', /absolute http or https/],
    ['https:/srm.example.com/one-slash', /absolute http or https/],
    ['https://u:p@srm.example.com/', /user information/],
    ['https://u@srm.example.com/', /user information/],
    ['https://srm.example.com/#frag', /fragment/],
    ['https://srm.example.com/#', /fragment/],
    [' https://srm.example.com/', /spaces or control/],
    ['https://srm.example.com/\n', /spaces or control/],
    ['https://srm.example.com/?~TARGET=a%20b', /~TARGET/],
    // Hosts that are not DNS names, IPv4 or bracketed IPv6 (they would end up in the CSP's form-action).
    ['https://x;frame-ancestors/hook', /callbackUrl's host must be a DNS name/],
    ['https://*.example.com/hook', /callbackUrl's host must be a DNS name/],
    ['https://x*/hook', /callbackUrl's host must be a DNS name/],
    ["https://a'b.example/hook", /callbackUrl's host must be a DNS name/],
    ['https://a,b.example/hook', /callbackUrl's host must be a DNS name/],
    ['https://a_b.example/hook', /callbackUrl's host must be a DNS name/],
    ['https://-a.example/hook', /callbackUrl's host must be a DNS name/],
    ['https://a..example/hook', /callbackUrl's host must be a DNS name/],
    ['https://a$b.example/hook', /callbackUrl's host must be a DNS name/],
    ['https://a!b.example/hook', /callbackUrl's host must be a DNS name/],
    // Whitespace and control characters beyond ASCII.
    ['https://srm.example.com/hook\u2028', /spaces or control/],
    ['https://srm.example.com/hook\u2029', /spaces or control/],
    ['https://srm.example.com/ho\u00a0ok', /spaces or control/],
    ['https://srm.example.com/hook\u0085', /spaces or control/],
    ['https://srm.example.com/hook\u3000', /spaces or control/],
    ['https://srm.example.com/hook\ufeff', /spaces or control/],
    ['https://srm.example.com/hook\u200b', /spaces or control/],
    ['https://srm.example.com/hook\u009f', /spaces or control/],
  ])('refuses %j', (raw, message) => {
    const result = checkCallbackUrl(raw, []);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it('compares origins (scheme, host, port) with the allowed list, host case-insensitively', () => {
    const allowed = ['https://SRM.example.com', 'http://localhost:8080'];
    expect(checkCallbackUrl('https://srm.EXAMPLE.com/x', allowed).ok).toBe(true);
    expect(checkCallbackUrl('https://srm.example.com:443/x', allowed).ok).toBe(true);
    expect(checkCallbackUrl('http://localhost:8080/x', allowed).ok).toBe(true);
    for (const refused of [
      'http://srm.example.com/x',
      'https://srm.example.com:8443/x',
      'https://srm.example.com.evil.example/x',
    ]) {
      expect(checkCallbackUrl(refused, allowed)).toMatchObject({ ok: false });
    }
  });

  it.each([
    ['https://srm.example.com/hook', 'https://srm.example.com'],
    ['https://SRM-1.Example.COM./hook', 'https://srm-1.example.com.'],
    ['https://bücher.example/hook', 'https://xn--bcher-kva.example'],
    ['http://192.168.0.10:8080/hook', 'http://192.168.0.10:8080'],
    ['http://[2001:db8::1]:8080/hook', 'http://[2001:db8::1]:8080'],
    ['http://localhost:8080/hook', 'http://localhost:8080'],
  ])('accepts the host of %s (origin %s)', (raw, origin) => {
    expect(checkCallbackUrl(raw, [])).toMatchObject({ ok: true, url: raw, origin });
  });

  it('accepts 2048 characters and refuses 2049', () => {
    const base = 'https://srm.example.com/';
    expect(checkCallbackUrl(base + 'a'.repeat(2048 - base.length), []).ok).toBe(true);
    expect(checkCallbackUrl(base + 'a'.repeat(2049 - base.length), []).ok).toBe(false);
  });
});
