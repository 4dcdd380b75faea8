// Lets a child `node` process run the TypeScript sources directly (transpile only, with SWC as the tests
// do), so tests can exercise real processes (start-up, SIGTERM, ES-only packages) without a build step.
'use strict';
const { readFileSync } = require('node:fs');
const { transformSync } = require('@swc/core');
const { swcOptions } = require('./swc-options');

const options = { ...swcOptions('typescript'), sourceMaps: false };

const compile = (module, filename) => {
  module._compile(transformSync(readFileSync(filename, 'utf8'), { ...options, filename }).code, filename);
};
require.extensions['.ts'] = compile;
require.extensions['.tsx'] = compile;
