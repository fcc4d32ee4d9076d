import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PARAGRAPHS } from '../engine/match/test-fixtures';
import type { CheckReport } from '../engine/report/types';
import { runCli } from './main';

describe('check-cli report', () => {
  let dir: string;
  const paper = [
    '关于若干主题的综合研究',
    '第一章 绪论',
    PARAGRAPHS[2],
    PARAGRAPHS[10],
    '第二章 分析',
    PARAGRAPHS[4],
    '参考文献',
    '[1] 作者. 题名[J]. 期刊, 2020.',
  ].join('\n');

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'check-cli-report-'));
    await mkdir(path.join(dir, 'sources'));
    await mkdir(path.join(dir, 'own'));
    // Paragraph 2 is in the reference library, paragraph 4 is one of the author's own earlier papers.
    for (const id of [0, 1, 2, 3]) await writeFile(path.join(dir, 'sources', `doc-${id}.txt`), PARAGRAPHS[id]);
    await writeFile(path.join(dir, 'own', 'my-earlier-paper.txt'), PARAGRAPHS[4]);
    await writeFile(path.join(dir, 'paper.txt'), paper);
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('checks a paper end to end, writes the reports and prints the ratios', async () => {
    const out = path.join(dir, 'out');
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    let code: number;
    let printed: string;
    try {
      code = await runCli([
        'report',
        path.join(dir, 'paper.txt'),
        '--sources',
        path.join(dir, 'sources'),
        '--own',
        path.join(dir, 'own'),
        '--out',
        out,
      ]);
      printed = write.mock.calls.map((call) => String(call[0])).join('');
    } finally {
      write.mockRestore();
    }
    expect(code).toBe(0);

    const report = JSON.parse(await readFile(path.join(out, 'report.json'), 'utf8')) as CheckReport;
    const total = report.summary.totalChars;
    // Every character is counted except the whitespace of "第一章 绪论", "第二章 分析" and the references.
    const expectedTotal = paper.slice(0, paper.indexOf('\n参考文献')).replace(/\s/g, '').length;
    expect(total).toBe(expectedTotal);
    expect(report.summary.duplicateChars).toBe(PARAGRAPHS[2].length + PARAGRAPHS[4].length);
    expect(report.summary.ratioExcludingSelf).toBeCloseTo(PARAGRAPHS[2].length / total, 12);
    const byTitle = [...report.sources].sort((a, b) => a.title.localeCompare(b.title));
    expect(byTitle.map((s) => [s.title, s.libraryKind, s.own, s.overlapChars])).toEqual([
      ['doc-2', 'reference', false, PARAGRAPHS[2].length],
      ['my-earlier-paper', 'self', true, PARAGRAPHS[4].length],
    ]);

    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    expect(printed).toContain(`total copy ratio: ${pct((PARAGRAPHS[2].length + PARAGRAPHS[4].length) / total)}`);
    expect(printed).toContain(`excluding own papers: ${pct(PARAGRAPHS[2].length / total)}`);
    expect(printed).toMatch(/timings: index \d+ ms; parse \d+ ms, match \d+ ms, aigc \d+ ms, report \d+ ms, html \d+ ms, pdf \d+ ms/);

    const html = await readFile(path.join(out, 'report.html'), 'utf8');
    const full = await readFile(path.join(out, 'report-full.html'), 'utf8');
    expect(html).toContain('简洁版');
    expect(html).not.toContain('class="pair"');
    expect(full).toContain('全文对照版');
    expect(full.match(/class="pair"/g)).toHaveLength(2);
    const pdf = await readFile(path.join(out, 'report.pdf'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('refuses bad usage with exit code 2', async () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await runCli(['report', '--sources', dir])).toBe(2);
      expect(await runCli(['report', 'x.txt', '--sources', dir, '--out', dir, '--variant', 'long'])).toBe(2);
      expect(await runCli(['report', 'x.txt', '--sources', dir, '--out', dir, '--language', 'fr'])).toBe(2);
    } finally {
      err.mockRestore();
    }
  });
});
