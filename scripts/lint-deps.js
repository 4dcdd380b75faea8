#!/usr/bin/env node
// `npm run lint:deps`: the module boundaries of .dependency-cruiser.cjs (file cycles, other features'
// internals, shared code importing features) plus one check dependency-cruiser has no rule for:
// cycles between feature FOLDERS (catalog -> guidance -> catalog through different files), found on
// the same cruised graph with every file counted in its top-level folder under src/.
// Exit code 1 on any violation, so `npm test` fails.
'use strict';
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const ruleSet = require(path.join(root, '.dependency-cruiser.cjs'));

/** Top-level folder (or file) under src/ a module belongs to; undefined outside src/. */
function unitOf(source) {
  const match = /^src\/([^/]+)/.exec(source);
  return match ? match[1] : undefined;
}

/** Every elementary cycle through the folder graph, each reported once, with one import per step. */
function folderCycles(modules) {
  const edges = new Map(); // folder -> Map(folder -> "from.ts -> to.ts")
  for (const module of modules) {
    const from = unitOf(module.source);
    if (!from) continue;
    for (const dependency of module.dependencies) {
      const to = unitOf(dependency.resolved);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, `${module.source} -> ${dependency.resolved}`);
    }
  }
  const cycles = [];
  const seen = new Set();
  const folders = [...edges.keys()].sort();
  for (const start of folders) {
    // Depth-first from `start`, only through folders sorted after it, so each cycle is found once.
    const stack = [[start, [start]]];
    while (stack.length > 0) {
      const [current, trail] = stack.pop();
      for (const next of (edges.get(current) ?? new Map()).keys()) {
        if (next === start) {
          const key = trail.join('>');
          if (!seen.has(key)) {
            seen.add(key);
            cycles.push(
              trail.map((folder, i) => {
                const to = trail[(i + 1) % trail.length];
                return `src/${folder} -> src/${to}  (${edges.get(folder).get(to)})`;
              }),
            );
          }
        } else if (next > start && !trail.includes(next)) {
          stack.push([next, [...trail, next]]);
        }
      }
    }
  }
  return cycles;
}

async function main() {
  const { cruise } = await import('dependency-cruiser');
  const { default: extractTSConfig } = await import('dependency-cruiser/config-utl/extract-ts-config');
  const { forbidden, options } = ruleSet;
  const tsConfig = extractTSConfig(path.join(root, options.tsConfig.fileName));
  const result = await cruise(
    ['src'],
    { ...options, ruleSet: { forbidden }, validate: true, baseDir: root },
    undefined,
    { tsConfig },
  );
  let failed = false;
  const reportedCycles = new Set();
  for (const violation of result.output.summary.violations) {
    if (violation.rule.severity !== 'error') continue;
    if (violation.cycle) {
      // One cycle is reported once per edge in it: print it once, as the whole loop.
      const loop = [violation.from, ...violation.cycle.map((step) => step.name ?? step)];
      const key = [...loop.slice(1)].sort().join('|');
      if (reportedCycles.has(key)) continue;
      reportedCycles.add(key);
      process.stdout.write(`\n  error ${violation.rule.name}: ${loop.join('\n      -> ')}\n`);
    } else {
      process.stdout.write(`\n  error ${violation.rule.name}: ${violation.from} -> ${violation.to}\n`);
    }
    const rule = forbidden.find((candidate) => candidate.name === violation.rule.name);
    if (rule?.comment) process.stdout.write(`    ${rule.comment}\n`);
    failed = true;
  }
  process.stdout.write(
    failed
      ? `\nx dependency violations (${result.output.summary.totalCruised} modules cruised)\n`
      : `✔ no dependency violations (${result.output.summary.totalCruised} modules cruised)\n`,
  );

  const cycles = folderCycles(result.output.modules);
  for (const cycle of cycles) {
    process.stdout.write(
      `\n  error no-feature-cycle: the folders under src/ depend on each other in a cycle:\n`,
    );
    for (const step of cycle) process.stdout.write(`      ${step}\n`);
  }
  if (cycles.length > 0) {
    failed = true;
    process.stdout.write(`\nx ${cycles.length} feature folder cycle(s)\n`);
  } else {
    process.stdout.write('✔ no feature folder cycles\n');
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exitCode = 2;
});
