// The order jest starts test files in. jest runs the files it has timings for longest first, and the
// others (a fresh checkout, as CI has: no timings at all) biggest file first, so a 40-second release
// or browser file could start last and keep one worker busy while the other idles. Files without a
// timing get an estimate by their layer instead, measured on this suite, plus a little per byte so
// that bigger files of a layer still go first; failed files still run first.
'use strict';
const Sequencer = require('@jest/test-sequencer').default;

/** Typical milliseconds per file of each layer (a quiet two-core run); release: the bundle's build. */
const ESTIMATES = [
  [/\/test\/release\//, 40_000],
  [/\/test\/browser\//, 15_000],
  [/\/test\/relevance\//, 7_000],
  [/\/test\/integration\//, 3_000],
  [/\/test\/service\//, 2_000],
];
const UNIT_ESTIMATE = 200;
const MS_PER_BYTE = 0.01;

class LayerAwareSequencer extends Sequencer {
  time(test) {
    const measured = super.time(test);
    if (measured != null) return measured;
    const layer = ESTIMATES.find(([pattern]) => pattern.test(test.path.replaceAll('\\', '/')));
    return (layer ? layer[1] : UNIT_ESTIMATE) + (test.context.hasteFS.getSize(test.path) ?? 0) * MS_PER_BYTE;
  }
}

module.exports = LayerAwareSequencer;
