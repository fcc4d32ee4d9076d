#!/usr/bin/env node
// Builds the AIGC scorer's word list, server/src/check/engine/aigc/model/words.json, from jieba's dictionary (MIT licence,
// word frequencies from jieba's corpora). Deterministic: the same dict.txt gives byte-identical output. Needs a server build.
//   npm pack @node-rs/jieba@2.0.3 && tar xzf node-rs-jieba-2.0.3.tgz package/dict.txt
//   node server/scripts/make-aigc-words.mjs --dict package/dict.txt [--top 50000] [--max-length 6]
// Then retrain (server/scripts/train-aigc.mjs): the model is bound to the word list by its SHA-256.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { buildWordDict } = createRequire(import.meta.url)(path.join(serverDir, 'dist/check/engine/aigc/words.js'));
const { values: opts } = parseArgs({
  options: { dict: { type: 'string' }, top: { type: 'string', default: '50000' }, 'max-length': { type: 'string', default: '6' } },
  strict: true,
});
if (!opts.dict) {
  console.error('--dict path/to/jieba/dict.txt is required');
  process.exit(2);
}
const text = readFileSync(opts.dict, 'utf8');
const data = buildWordDict(text.split('\n'), {
  top: Number(opts.top),
  maxLength: Number(opts['max-length']),
  source: `jieba dict.txt (MIT licence, © 2013 Sun Junyi; as shipped in @node-rs/jieba 2.0.3), sha256 ${createHash('sha256').update(text).digest('hex')}`,
});
const out = path.join(serverDir, 'src/check/engine/aigc/model/words.json');
writeFileSync(out, `${JSON.stringify(data)}\n`);
console.log(JSON.stringify({ out, ...data.meta, bytes: Buffer.byteLength(JSON.stringify(data)) }));
