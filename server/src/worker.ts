// Worker entry: same code as the API, background jobs only (no HTTP).
process.env.WORKER = '1';
require('./main');
