import { readFileSync } from 'node:fs';
import {
  CONFIGURATION_DOC_FILE,
  describeVariables,
  ENV_EXAMPLE_FILE,
  renderConfigurationDoc,
  renderEnvExample,
} from '../../scripts/config-docs';
import { loadConfig } from './app-config';
import { ENVIRONMENT_VARIABLE_NAMES } from './environment-variable-names';

describe('configuration docs generated from the environment DTO', () => {
  const variables = describeVariables();

  it('docs/configuration.md is what `npm run docs:config` writes', () => {
    expect(readFileSync(CONFIGURATION_DOC_FILE, 'utf8')).toBe(renderConfigurationDoc(variables));
  });

  it('.env.example is what `npm run docs:config` writes', () => {
    expect(readFileSync(ENV_EXAMPLE_FILE, 'utf8')).toBe(renderEnvExample(variables));
  });

  it('documents every variable the loader reads, each once, in a section', () => {
    expect(variables.map((v) => v.name)).toEqual(ENVIRONMENT_VARIABLE_NAMES);
    for (const v of variables) {
      expect(v.section).not.toBe('');
      expect(v.description.length).toBeGreaterThan(10);
    }
  });

  it('the loader reads an optional variable without a default (no hand-kept list of names)', () => {
    expect(loadConfig({ DATABASE_QUERY_TIMEOUT_MS: '2500' }).database.queryTimeoutMs).toBe(2_500);
    expect(loadConfig({ CATALOG_VERSION_CHECK_MS: '250' }).catalogVersion.checkMs).toBe(250);
  });

  it('.env.example loads as the defaults: each default is a value the validator accepts', () => {
    const env: Record<string, string> = {};
    for (const line of readFileSync(ENV_EXAMPLE_FILE, 'utf8').split('\n')) {
      const match = /^([A-Z0-9_]+)=(.*)$/.exec(line);
      if (match) env[match[1]] = match[2];
    }
    expect(Object.keys(env)).toEqual(ENVIRONMENT_VARIABLE_NAMES);
    expect(loadConfig(env)).toEqual(loadConfig({}));
  });
});
