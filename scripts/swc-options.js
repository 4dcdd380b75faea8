// How SWC compiles this repository's TypeScript for the tests (jest.config.js) and for child processes
// that run the sources directly (ts-register.js): the same output tsc gives for tsconfig.json, without
// type checking (`npm run typecheck` does that). One definition, so both compile alike.
'use strict';

/**
 * @param {'typescript' | 'ecmascript'} syntax ecmascript for the ES-only packages converted to CommonJS
 * @returns {import('@swc/core').Options}
 */
function swcOptions(syntax = 'typescript') {
  return {
    jsc: {
      parser: syntax === 'typescript' ? { syntax, tsx: true, decorators: true } : { syntax },
      target: 'es2023',
      // Nest's dependency injection and class-validator read the design:type/paramtypes metadata that
      // tsc writes for experimentalDecorators + emitDecoratorMetadata.
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        // As tsc does for target ES2022 and later: class fields are defined, not assigned.
        useDefineForClassFields: true,
        // Pages are server-side JSX for preact (tsconfig.json: jsx react-jsx, jsxImportSource preact).
        react: { runtime: 'automatic', importSource: 'preact' },
      },
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  };
}

module.exports = { swcOptions };
