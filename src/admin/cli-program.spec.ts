import { CommandLine, parseCommandLine } from './cli-program';

/** Reads a command line as `gateway` would, capturing what commander prints. */
function read(...argv: string[]): { line: CommandLine; stdout: string } {
  let stdout = '';
  const line = parseCommandLine(argv, {
    stdout: { write: (chunk: string) => ((stdout += chunk), true) },
    stderr: { write: () => true },
    env: {},
  });
  return { line, stdout };
}

function run(...argv: string[]) {
  const { line } = read(...argv);
  if (line.kind !== 'run') throw new Error(`expected a command to run, got ${JSON.stringify(line)}`);
  return line;
}

function problem(...argv: string[]): string {
  const { line } = read(...argv);
  if (line.kind !== 'usage') throw new Error(`expected a usage error, got ${line.kind}`);
  return line.message;
}

describe('the command line', () => {
  it('gives handlers the command words, the positionals and every option by its flag name', () => {
    const line = run(
      'client',
      'origins',
      'mpgc_1',
      '--add',
      'https://a.example',
      '--add=https://b.example',
      '--json',
    );
    expect(line.spec.name).toBe('client origins');
    expect(line.args.positionals).toEqual(['client', 'origins', 'mpgc_1']);
    expect(line.args.values).toMatchObject({
      add: ['https://a.example', 'https://b.example'],
      remove: undefined,
      list: undefined,
      json: true,
    });
  });

  it('reads options before and after positionals, and everything after -- as positionals', () => {
    const line = run('guidance', 'remove', '--org', 'acme', 'a-rule', '--', '--not-an-option');
    expect(line.args.positionals).toEqual(['guidance', 'remove', 'a-rule', '--not-an-option']);
    expect(line.args.values.org).toBe('acme');
  });

  it('keeps the value of a dashed option name under that name', () => {
    expect(run('catalog', 'import', 'x.csv', '--errors-out', 'e.jsonl').args.values['errors-out']).toBe(
      'e.jsonl',
    );
  });

  it('prints the version only before a command; after one, -v is an unknown option', () => {
    const version = read('--version');
    expect(version.line.kind).toBe('shown');
    expect(version.stdout).toMatch(/^gateway \d+\.\d+\.\d+\n$/);
    expect(problem('audit', 'head', '-v')).toBe('unknown option `-v` for `audit head`');
  });

  it('refuses an option value that is the next option, and a single-valued option given twice', () => {
    expect(problem('user', 'list', '--org', '--json')).toBe('`--org` needs a value: --org <slug>');
    expect(problem('user', 'list', '--org', 'a', '--org', 'b')).toBe(
      '`--org` is given twice; it takes one value',
    );
    expect(problem('audit', 'export', '--format')).toBe('`--format` needs a value: --format <jsonl|csv>');
  });

  it('shows `help <command>` as `<command> --help`, on stdout', () => {
    const { line, stdout } = read('help', 'db', 'backup');
    expect(line.kind).toBe('shown');
    expect(stdout).toMatch(/^Usage: gateway db backup --out <file>\n/);
  });
});
