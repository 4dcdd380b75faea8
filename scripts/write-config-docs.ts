// Regenerates docs/configuration.md and .env.example from src/config/environment.dto.ts
// (`npm run docs:config`); src/config/configuration-docs.spec.ts fails when they are stale.
import { writeFileSync } from 'node:fs';
import {
  CONFIGURATION_DOC_FILE,
  describeVariables,
  ENV_EXAMPLE_FILE,
  renderConfigurationDoc,
  renderEnvExample,
} from './config-docs';

const variables = describeVariables();
writeFileSync(CONFIGURATION_DOC_FILE, renderConfigurationDoc(variables));
writeFileSync(ENV_EXAMPLE_FILE, renderEnvExample(variables));
process.stdout.write(
  `wrote ${CONFIGURATION_DOC_FILE} and ${ENV_EXAMPLE_FILE} (${variables.length} variables)\n`,
);
