import { runCli } from '../../src/admin/cli';

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
