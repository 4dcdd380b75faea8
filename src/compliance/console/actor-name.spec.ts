import { actorName } from './actor-name';
import { consoleMessages } from './console-messages';

describe('actorName', () => {
  const de = consoleMessages('de');
  const en = consoleMessages('en');

  it('names a user by e-mail', () => {
    expect(actorName({ email: 'jane@example.com', label: null }, de)).toBe('jane@example.com');
  });

  it('names the operator command line and the gateway itself in the reader’s words', () => {
    expect(actorName({ label: 'cli:root@vm' }, de)).toBe('Kommandozeile (root@vm)');
    expect(actorName({ label: 'cli:root@vm' }, en)).toBe('Command line (root@vm)');
    expect(actorName({ label: 'system:demo-seed' }, de)).toBe('Gateway (Demodaten beim ersten Start)');
    expect(actorName({ label: 'system:demo-seed' }, en)).toBe('Gateway (demo data at first start)');
    expect(actorName({ label: 'system:nightly' }, de)).toBe('Gateway (nightly)');
  });

  it('shows another label as recorded, and says when nothing names the actor', () => {
    expect(actorName({ label: 'import-job' }, de)).toBe('import-job');
    expect(actorName({}, de)).toBe('Unbekannt');
  });
});
