// `pnpm test`: builds everything, type-checks every package (tests and e2e included) and lints it, runs every Vitest
// suite of every package (the browser end-to-end suite last), and ends with one line `N passed, N failed` summed over
// all of them; a failed type check or lint counts as one failure each.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/build-state.mjs';
import { run } from './lib/run.mjs';

const resultsDir = path.join(ROOT, 'test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const SUITES = [
  { name: 'shared', cwd: 'shared', args: [] },
  { name: 'server', cwd: 'server', args: [] },
  { name: 'admin-client', cwd: 'admin-client', args: [] },
  { name: 'site-client', cwd: 'site-client', args: [] },
  { name: 'e2e', cwd: 'server', args: ['--config', 'vitest.e2e.config.ts'] },
];

let passed = 0;
let failed = 0;
const problems = [];
// Repeated just above the totals, so the tail of a long log names what failed.
const failedTests = [];

console.log('Building every package...');
if ((await run('pnpm', ['-r', '--workspace-concurrency=1', 'run', 'build'], { cwd: ROOT })) !== 0) {
  problems.push('build failed');
  failed += 1;
}

// Type errors and lint findings fail the run, but the suites still run so one push shows everything.
for (const check of problems.length ? [] : ['typecheck', 'lint']) {
  console.log(`\n=== ${check} ===`);
  if ((await run('pnpm', ['run', check], { cwd: ROOT })) !== 0) {
    problems.push(`${check} failed`);
    failed += 1;
  } else {
    passed += 1;
  }
}

for (const suite of problems.some((p) => p === 'build failed') ? [] : SUITES) {
  console.log(`\n=== ${suite.name} ===`);
  const report = path.join(resultsDir, `${suite.name}.json`);
  const code = await run('pnpm', ['exec', 'vitest', 'run', ...suite.args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: path.join(ROOT, suite.cwd),
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR },
  });
  if (!existsSync(report)) {
    problems.push(`${suite.name}: the runner crashed before reporting (exit ${code})`);
    failed += 1;
    continue;
  }
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  for (const file of result.testResults) {
    for (const test of file.assertionResults.filter((a) => a.status === 'failed')) {
      const reason = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      failedTests.push(`${suite.name}: ${path.relative(ROOT, file.name)} > ${test.fullName}\n    ${reason}`);
    }
  }
  // A file that fails to load has no failed test but is a failure all the same.
  const brokenFiles = result.testResults.filter((f) => f.status === 'failed' && f.assertionResults.every((a) => a.status !== 'failed'));
  if (brokenFiles.length) {
    failed += brokenFiles.length;
    problems.push(`${suite.name}: ${brokenFiles.length} test file(s) failed to run`);
  }
  if (result.numTotalTests === 0) problems.push(`${suite.name}: ran no test`);
  if (code !== 0 && result.numFailedTests === 0 && !brokenFiles.length) problems.push(`${suite.name}: vitest exited with ${code}`);
}

if (failedTests.length) console.log(`\nFailed tests:\n- ${failedTests.join('\n- ')}`);
if (problems.length) console.log(`\nProblems:\n- ${problems.join('\n- ')}`);
const summary = `${passed} passed, ${failed} failed`;
writeFileSync(path.join(resultsDir, 'summary.txt'), `${summary}\n`);
console.log(`\n${summary}`);
process.exit(failed > 0 || problems.length ? 1 : 0);
