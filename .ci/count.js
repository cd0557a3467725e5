// Prints the one line CI reads: "N passed, N failed". Exits 1 when anything failed.
// Usage: node .ci/count.js <jest --json output file> [exit status of npm test]
// biome-ignore lint/suspicious/noRedundantUseStrict: a CommonJS script run by plain node, where it is not redundant
'use strict';
const fs = require('node:fs');

const [file, statusArg] = process.argv.slice(2);
const status = Number(statusArg || 0);

let passed = 0;
let failed = 1; // no results file: build or typecheck failed before jest ran
if (file && fs.existsSync(file)) {
  try {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed = r.numPassedTests || 0;
    // A suite that fails to load (syntax error, throwing import) has no test results of its own;
    // count it once so it cannot hide.
    failed = (r.numFailedTests || 0) + (r.numRuntimeErrorTestSuites || 0);
  } catch (err) {
    console.error(`cannot read ${file}: ${err.message}`);
    passed = 0;
    failed = 1;
  }
}
// npm test failed for a reason jest's counts do not show (e.g. jest itself crashed after writing).
if (status !== 0 && failed === 0) failed = 1;

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
