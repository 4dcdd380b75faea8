#!/usr/bin/env node
// The pages' static files (CSS, the little progressive-enhancement JS) are served as they are,
// with no front-end build step: `npm run build` only copies them beside the compiled code.
'use strict';
const { cpSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
cpSync(path.join(root, 'src/web/assets'), path.join(root, 'dist/web/assets'), { recursive: true });
