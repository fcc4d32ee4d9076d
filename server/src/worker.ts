// Worker entry: same code as the API, background jobs only (no HTTP).
process.env.WORKER = '1';
// A require, not an import: imports are hoisted above the assignment, and main reads WORKER as it loads.
// eslint-disable-next-line @typescript-eslint/no-require-imports
require('./main');
