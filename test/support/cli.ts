import { runCli } from '../../src/admin/cli';
import { RunningProcess, runTs } from './child-process';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the operator CLI in-process against `databaseUrl`, capturing its output. */
export function cli(databaseUrl: string, ...argv: string[]): Promise<CliRun> {
  return cliWithEnv(databaseUrl, {}, ...argv);
}

/** The same with more environment variables (bounds, limits) for the CLI's configuration. */
export async function cliWithEnv(
  databaseUrl: string,
  env: Record<string, string>,
  ...argv: string[]
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: { write: (chunk: string) => ((stdout += chunk), true) },
    stderr: { write: (chunk: string) => ((stderr += chunk), true) },
    env: { DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...env },
  });
  return { code, stdout, stderr };
}

/** The operator CLI as its own process (src/admin/cli.ts through ts-register), for what must not end a process. */
export function cliProcess(
  databaseUrl: string,
  argv: string[],
  env: Record<string, string> = {},
): RunningProcess {
  const main =
    "require('./src/admin/cli').runCli(process.argv.slice(1), { stdout: process.stdout, stderr: process.stderr, env: process.env })" +
    '.then((code) => process.exit(code), (error) => { process.stderr.write(`${error}\\n`); process.exit(1); })';
  return runTs(['-e', main, '--', ...argv], { DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...env });
}
