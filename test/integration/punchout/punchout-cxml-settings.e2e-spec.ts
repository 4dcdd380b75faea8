import { cli } from '../../support/cli';
import { startTestApp, TestApp } from '../../support/test-app';

describe('client punchout-settings --cxml-encoding', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await cli(t.database.url, 'org', 'create', 'coupa-buyer', '--name', 'Coupa Buyer Inc');
  });
  afterAll(() => t.close());

  async function newClient(): Promise<string> {
    const created = await cli(t.database.url, 'client', 'create', '--org', 'coupa-buyer', '--json');
    return (JSON.parse(created.stdout) as { clientId: string }).clientId;
  }
  const settingEvents = () =>
    t.prisma.auditEvent.findMany({
      where: { type: 'client.punchout_settings_changed' },
      orderBy: { sequence: 'asc' },
    });

  it('shows urlencoded by default, sets base64 with one audit event, and a repeat changes and records nothing', async () => {
    const clientId = await newClient();
    const shown = await cli(t.database.url, 'client', 'punchout-settings', clientId, '--json');
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toEqual({ clientId, cxmlEncoding: 'urlencoded' });

    const set = await cli(
      t.database.url,
      'client',
      'punchout-settings',
      clientId,
      '--cxml-encoding',
      'base64',
    );
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('Changed.');
    expect(set.stdout).toContain('cxml-base64');
    const row = await t.prisma.oAuthClient.findUniqueOrThrow({ where: { clientId } });
    expect(row.cxmlEncoding).toBe('base64');
    const events = await settingEvents();
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({
      client: { clientId },
      cxmlEncoding: { from: 'urlencoded', to: 'base64' },
    });
    expect(events[0].actorLabel).toMatch(/^cli:/);

    const again = await cli(
      t.database.url,
      'client',
      'punchout-settings',
      clientId,
      '--cxml-encoding',
      'base64',
    );
    expect(again.stdout).toContain('Nothing changed.');
    expect(await settingEvents()).toHaveLength(1);
  });

  it('refuses another encoding (exit 2) and an unknown client, changing nothing', async () => {
    const clientId = await newClient();
    const bad = await cli(t.database.url, 'client', 'punchout-settings', clientId, '--cxml-encoding', 'hex');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--cxml-encoding is urlencoded or base64');
    const unknown = await cli(
      t.database.url,
      'client',
      'punchout-settings',
      'mpgc_nope',
      '--cxml-encoding',
      'base64',
    );
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('mpgc_nope');
    expect((await t.prisma.oAuthClient.findUniqueOrThrow({ where: { clientId } })).cxmlEncoding).toBe(
      'urlencoded',
    );
  });
});
