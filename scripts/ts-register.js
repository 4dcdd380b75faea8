// Lets a child `node` process run the TypeScript sources directly (transpile only), so tests can
// exercise real processes (start-up, SIGTERM, ES-only packages) without a build step.
'use strict';
const { readFileSync } = require('node:fs');
const ts = require('typescript');

const compilerOptions = {
  module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2023,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  esModuleInterop: true,
  sourceMap: false,
  // Server-rendered pages (src/web, src/punchout/views) are JSX for preact, as in tsconfig.json.
  jsx: ts.JsxEmit.ReactJSX,
  jsxImportSource: 'preact',
};

const compile = (module, filename) => {
  const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), {
    compilerOptions,
    fileName: filename,
  });
  module._compile(outputText, filename);
};
require.extensions['.ts'] = compile;
require.extensions['.tsx'] = compile;
