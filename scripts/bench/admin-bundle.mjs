// Size of what the back office loads before its first screen: the entry script, its preloaded chunks and CSS,
// gzipped as a server would send them. The budget (issue 4) is 500 KB of JavaScript.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../lib/build-state.mjs';

const DIST = path.join(ROOT, 'admin-client', 'dist');
const BUDGET_KB = 500;

const gz = (file) => gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Prints the initial JavaScript and CSS of the built back office, gzipped, and the total of every chunk. */
export function benchAdminBundle() {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const initial = new Set();
  for (const m of html.matchAll(/<(?:script[^>]+src|link[^>]+href)="\/admin\/([^"]+\.(?:js|css))"/g)) initial.add(m[1]);
  const js = [...initial].filter((f) => f.endsWith('.js'));
  const css = [...initial].filter((f) => f.endsWith('.css'));
  const jsBytes = js.reduce((sum, f) => sum + gz(f), 0);
  const cssBytes = css.reduce((sum, f) => sum + gz(f), 0);
  const all = readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
  const allBytes = all.reduce((sum, f) => sum + gz(path.join('assets', f)), 0);
  console.log(
    `admin-client initial load, gzipped: ${kb(jsBytes)} JavaScript in ${js.length} files (budget ${BUDGET_KB} KB: ${jsBytes / 1024 <= BUDGET_KB ? 'within' : 'OVER'}), ` +
      `${kb(cssBytes)} CSS; all ${all.length} chunks together ${kb(allBytes)}`,
  );
  for (const f of js.sort((a, b) => gz(b) - gz(a))) console.log(`  ${f}: ${kb(gz(f))}`);
}

if (import.meta.url === `file://${process.argv[1]}`) benchAdminBundle();
