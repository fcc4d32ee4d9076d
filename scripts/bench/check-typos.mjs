// Benchmark of the error-prone words (疑似错别字) pass of a check: the seeded list's Aho-Corasick matcher over a
// 30,000-character thesis-like text, clean and with a typo every ~45 characters. Prints wall and CPU time per pass
// (median, min, max) and the automaton's build time; no thresholds. Needs the built server:
// `pnpm --filter @zhiwen/server build`.
//
//   node scripts/bench/check-typos.mjs [--chars 30000] [--runs 9]
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const DIST = path.join(ROOT, 'server/dist/check/engine/typos/index.js');
const { values } = parseArgs({ options: { chars: { type: 'string', default: '30000' }, runs: { type: 'string', default: '9' } } });
if (!existsSync(DIST)) {
  console.error(`No built engine at ${DIST}: run \`pnpm --filter @zhiwen/server build\` first.`);
  process.exit(2);
}
const { TypoMatcher, SEEDED_TYPO_WORDS } = createRequire(import.meta.url)(DIST);

const chars = Number(values.chars);
const runs = Number(values.runs);
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)].toFixed(1)} ms, min ${s[0].toFixed(1)}, max ${s[s.length - 1].toFixed(1)}`;
};

let t = performance.now();
const matcher = new TypoMatcher(SEEDED_TYPO_WORDS);
console.log(`list ${SEEDED_TYPO_WORDS.version}: ${matcher.size} entries, automaton built in ${(performance.now() - t).toFixed(1)} ms`);

const texts = {
  clean: '本文研究了基于深度学习的文本分类方法，实验结果表明该方法有效，我们需要安装软件并再接再厉。',
  typos: '本文研究了基于深度学习的文本分类方法，实验结果表明该方法有效，我们需要按装软件并再接再励。',
};
for (const [name, base] of Object.entries(texts)) {
  const text = base.repeat(Math.ceil(chars / base.length)).slice(0, chars);
  const hits = matcher.find(text).length;
  const wall = [];
  const cpu = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    t = performance.now();
    matcher.find(text);
    wall.push(performance.now() - t);
    const u = process.cpuUsage(c);
    cpu.push((u.user + u.system) / 1000);
  }
  console.log(`${name}: ${chars} chars, ${hits} hits; wall ${stats(wall)}; CPU ${stats(cpu)}`);
}
