import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultOfflineScorer } from '../engine/aigc/default-model';
import { LogprobAigcScorer } from '../engine/aigc/logprob-scorer';
import { fakeCompletionsServer, labelledTexts, type Seen } from '../engine/aigc/test-fixtures';
import { calibrateLogprob, parseLabelled, type CalibrationReport } from './aigc-calibrate-command';
import { runCli } from './main';

const TRUTH = { center: 1.5, scale: 0.8 };
const { rows, criteria } = labelledTexts(600, TRUTH, 42);

/** Runs the CLI, answering its exit code and what it printed on stdout and stderr. */
async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    const code = await runCli(args);
    return { code, out: out.mock.calls.map((c) => String(c[0])).join(''), err: err.mock.calls.map((c) => String(c[0])).join('') };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

describe('check-cli aigc-calibrate against a loopback completions server', () => {
  const seen: Seen[] = [];
  const server = fakeCompletionsServer(seen, { criterionOf: (prompt) => criteria.get(prompt) });
  let baseUrl = '';
  let dir = '';
  let file = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dir = await mkdtemp(path.join(os.tmpdir(), 'aigc-calibrate-'));
    file = path.join(dir, 'labelled.jsonl');
    await writeFile(
      file,
      rows
        .slice(0, 200)
        .map((r) => JSON.stringify(r))
        .join('\n'),
    );
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('recovers the centre and scale behind the labels from the server log-probabilities, with the offline model beside', async () => {
    const scorer = new LogprobAigcScorer({ baseUrl, model: 'qwen-test', concurrency: 8 });
    const report = await calibrateLogprob(parseLabelled(rows.map((r) => JSON.stringify(r)).join('\n'), 'mem'), scorer, {
      offline: defaultOfflineScorer(),
    });
    expect(report.texts).toBe(600);
    expect(report.ai + report.human).toBe(600);
    expect(report.unscored).toEqual([]);
    expect(report.fit?.separated).toBe(false);
    expect(report.calibration.center).toBeGreaterThan(TRUTH.center - 0.2);
    expect(report.calibration.center).toBeLessThan(TRUTH.center + 0.2);
    expect(report.calibration.scale / TRUTH.scale).toBeGreaterThan(0.85);
    expect(report.calibration.scale / TRUTH.scale).toBeLessThan(1.15);
    expect(report.criterion.meanAi).toBeGreaterThan(report.criterion.meanHuman);
    // A logistic truth of this spread ranks a random AI text above a random human one about 9 times in 10.
    expect(report.criterion.auroc).toBeGreaterThan(0.85);
    expect(report.criterion.tprAt1PctFpr).toBeGreaterThan(0);
    // The offline model knows nothing of random characters: the fitted weight goes (almost) all to the LLM.
    expect(report.offline?.auroc).toBeGreaterThan(0.4);
    expect(report.offline?.auroc).toBeLessThan(0.6);
    expect(report.ensemble?.llmWeight).toBeGreaterThanOrEqual(0.8);
    expect(report.ensemble?.fitted).toBe(true);
  });

  it('prints the values to configure, and evaluates given values on other texts', async () => {
    seen.length = 0;
    const fitted = await cli(['aigc-calibrate', '--in', file, '--base-url', baseUrl, '--model', 'qwen-test', '--no-offline', '--concurrency', '8']);
    expect(fitted.err).toBe('');
    expect(fitted.code).toBe(0);
    expect(fitted.out).toMatch(/^aigc-calibrate: 200 texts \(\d+ AI, \d+ human\) through qwen-test at http:\/\/127\.0\.0\.1:\d+/);
    expect(fitted.out).toMatch(/criterion: AUROC 0\.\d{3}, TPR@1%FPR 0\.\d{3}/);
    expect(fitted.out).toMatch(/fit \(logistic regression of the label on the criterion\): center -?\d+\.\d{3}, scale \d+\.\d{3}/);
    expect(fitted.out).toMatch(/AIGC settings: calibration center -?\d+\.\d{4}, calibration scale \d+\.\d{4}\n$/);
    expect(seen).toHaveLength(200);
    expect(seen[0].body).toMatchObject({ model: 'qwen-test', echo: true, max_tokens: 1 });

    const held = labelledTexts(150, TRUTH, 43);
    const heldFile = path.join(dir, 'held.jsonl');
    await writeFile(heldFile, held.rows.map((r) => JSON.stringify({ ...r, label: r.label === 'ai' ? 1 : 0 })).join('\n'));
    for (const [text, c] of held.criteria) criteria.set(text, c);
    const checked = await cli([
      'aigc-calibrate',
      '--in',
      heldFile,
      '--base-url',
      baseUrl,
      '--model',
      'qwen-test',
      '--center',
      '1.5',
      '--scale',
      '0.8',
      '--llm-weight',
      '0.6',
      '--json',
    ]);
    expect(checked.code).toBe(0);
    const report = JSON.parse(checked.out) as CalibrationReport;
    expect(report).toMatchObject({ texts: 150, fit: null, calibration: { center: 1.5, scale: 0.8 }, ensemble: { llmWeight: 0.6, fitted: false } });
    expect(report.ensemble?.auroc).toBeGreaterThan(0.8);
  });

  it('refuses bad input with the line, bad options, and a server that fails', async () => {
    const bad = path.join(dir, 'bad.jsonl');
    await writeFile(bad, `${JSON.stringify(rows[0])}\n{"id":"x","text":"文本","label":"maybe"}\n`);
    const badLine = await cli(['aigc-calibrate', '--in', bad, '--base-url', baseUrl, '--model', 'm']);
    expect(badLine.code).toBe(1);
    expect(badLine.err).toMatch(/bad\.jsonl:2: expected \{"id": string, "text": string, "label": "ai" \| "human" \| 1 \| 0\}/);
    expect((await cli(['aigc-calibrate', '--in', file])).code).toBe(2);
    expect((await cli(['aigc-calibrate', '--in', file, '--base-url', baseUrl, '--model', 'm', '--center', '1'])).err).toMatch(
      /--center and --scale go together/,
    );
    const oneClass = path.join(dir, 'one-class.jsonl');
    await writeFile(
      oneClass,
      rows
        .filter((r) => r.label === 'ai')
        .slice(0, 5)
        .map((r) => JSON.stringify(r))
        .join('\n'),
    );
    expect((await cli(['aigc-calibrate', '--in', oneClass, '--base-url', baseUrl, '--model', 'm', '--no-offline'])).err).toMatch(
      /at least 2 AI and 2 human texts \(got 5 AI, 0 human\)/,
    );
    const failing = path.join(dir, 'failing.jsonl');
    await writeFile(failing, JSON.stringify({ id: 'f', text: '服务器故障了。', label: 'ai' }));
    const failed = await cli(['aigc-calibrate', '--in', failing, '--base-url', baseUrl, '--model', 'm', '--no-offline']);
    expect(failed.code).toBe(1);
    expect(failed.err).toMatch(/HTTP 500 .*CUDA out of memory/);
  });
});
