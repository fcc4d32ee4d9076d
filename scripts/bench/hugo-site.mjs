// The yardstick of the publish bench (cms-publish.mjs): Hugo building a site of the same shape on the same machine, as
// issue 17 measured it: BENCH_CMS_ARTICLES (10,000) pages in BENCH_CMS_CATALOGS (20) sections, 20 to a list page, the
// same body (three paragraphs), a home page listing the newest of the first 8 sections, and a layout like the default
// theme's (navigation of the sections, header, footer). Prints pages/s (HTML files written / build time) of
// BENCH_HUGO_RUNS (3) builds into an emptied folder.
//   node scripts/bench/hugo-site.mjs   (needs `hugo` on the PATH: apt-get install hugo)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ARTICLES = Number(process.env.BENCH_CMS_ARTICLES ?? 10_000);
const CATALOGS = Number(process.env.BENCH_CMS_CATALOGS ?? 20);
const RUNS = Number(process.env.BENCH_HUGO_RUNS ?? 3);

const version = spawnSync('hugo', ['version'], { encoding: 'utf8' });
if (version.status !== 0) {
  console.error('hugo is not installed (apt-get install hugo)');
  process.exit(1);
}

const root = mkdtempSync(path.join(os.tmpdir(), 'zhiwen-bench-hugo-'));
const write = (file, text) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
try {
  write(
    'hugo.toml',
    [
      `baseURL = "http://localhost/"`,
      `title = "压测站点"`,
      `disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]`,
      `[pagination]`,
      `pagerSize = 20`,
      `paginate = 20`,
    ].join('\n'),
  );
  const head = `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>{{ .Title }} - {{ .Site.Title }}</title></head><body>
<header><a href="/">{{ .Site.Title }}</a><nav>{{ range .Site.Sections }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</nav></header>`;
  const foot = `<footer>© {{ now.Year }} {{ .Site.Title }}</footer></body></html>`;
  write('layouts/partials/head.html', head);
  write('layouts/partials/foot.html', foot);
  write(
    'layouts/_default/single.html',
    `{{ partial "head.html" . }}<main><h1>{{ .Title }}</h1><p>{{ .Date.Format "2006-01-02 15:04" }} · {{ .Params.author }}</p>{{ .Content }}</main>{{ partial "foot.html" . }}`,
  );
  write(
    'layouts/_default/list.html',
    `{{ partial "head.html" . }}<main><h1>{{ .Title }}</h1><ul>{{ range .Paginator.Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> <span>{{ .Date.Format "2006-01-02" }}</span><p>{{ .Summary }}</p></li>{{ end }}</ul>
{{ with .Paginator }}<nav>{{ if .HasPrev }}<a href="{{ .Prev.URL }}">上一页</a>{{ end }} {{ .PageNumber }}/{{ .TotalPages }} {{ if .HasNext }}<a href="{{ .Next.URL }}">下一页</a>{{ end }}</nav>{{ end }}</main>{{ partial "foot.html" . }}`,
  );
  write(
    'layouts/index.html',
    `{{ partial "head.html" . }}<main>{{ range first 8 .Site.Sections }}<section><h2><a href="{{ .RelPermalink }}">{{ .Title }}</a></h2><ul>{{ range first 8 .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></section>{{ end }}</main>{{ partial "foot.html" . }}`,
  );
  const paragraph = '城市治理现代化需要在制度、技术与参与三个层面协同推进，本文结合若干案例讨论其路径与成效。'.repeat(8);
  const now = Date.now();
  for (let c = 1; c <= CATALOGS; c++) write(`content/c${c}/_index.md`, `---\ntitle: 栏目${c}\n---\n`);
  for (let n = 1; n <= ARTICLES; n++) {
    const date = new Date(now - n * 60_000).toISOString();
    write(
      `content/c${1 + (n % CATALOGS)}/${n}.md`,
      `---\ntitle: 压测文章 ${n}\ndate: ${date}\nauthor: 压测\nsummary: 第 ${n} 篇文章的摘要\n---\n\n${paragraph}\n\n${paragraph}\n\n${paragraph}\n`,
    );
  }
  const htmlFiles = (dir) =>
    readdirSync(dir, { withFileTypes: true }).reduce(
      (n, e) => n + (e.isDirectory() ? htmlFiles(path.join(dir, e.name)) : e.name.endsWith('.html') ? 1 : 0),
      0,
    );
  const rates = [];
  for (let i = 1; i <= RUNS; i++) {
    rmSync(path.join(root, 'public'), { recursive: true, force: true });
    const t0 = performance.now();
    const built = spawnSync('hugo', ['--quiet', '--source', root], { encoding: 'utf8' });
    const seconds = (performance.now() - t0) / 1000;
    if (built.status !== 0) throw new Error(`hugo failed: ${built.stderr}`);
    const files = htmlFiles(path.join(root, 'public'));
    rates.push(files / seconds);
    console.log(`hugo build ${i}/${RUNS}: ${files} HTML files in ${seconds.toFixed(2)} s -> ${Math.round(files / seconds)} pages/s`);
  }
  rates.sort((a, b) => a - b);
  console.log(
    `hugo (${version.stdout.trim().split(' ')[1]}), ${ARTICLES} pages in ${CATALOGS} sections, ${os.cpus().length} cores: ` +
      `median ${Math.round(rates[Math.floor(rates.length / 2)])} pages/s (best ${Math.round(rates.at(-1))}, worst ${Math.round(rates[0])}); load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
