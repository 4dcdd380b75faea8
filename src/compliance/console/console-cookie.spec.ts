import { clearedCookie, readCookie, sessionCookie } from './console-cookie';

describe('console cookie', () => {
  it('is HttpOnly, SameSite=Strict, limited to the console, and Secure only over https', () => {
    expect(sessionCookie('mpgcs_x', false)).toBe(
      'mpg_console=mpgcs_x; Path=/audit/console; HttpOnly; SameSite=Strict; Max-Age=43200',
    );
    expect(sessionCookie('mpgcs_x', true)).toMatch(/; Secure$/);
    expect(clearedCookie(true)).toContain('Max-Age=0');
  });

  it('reads the console cookie among others and ignores look-alikes', () => {
    expect(readCookie('a=1; mpg_console=mpgcs_abc; b=2')).toBe('mpgcs_abc');
    expect(readCookie('xmpg_console=nope')).toBeUndefined();
    expect(readCookie(undefined)).toBeUndefined();
    expect(readCookie('mpg_console=first; mpg_console=second')).toBe('first');
  });
});
