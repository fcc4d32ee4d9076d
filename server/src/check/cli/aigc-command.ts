// `check-cli aigc`: scores {"id","text"} lines for AI-generated content and writes {"id","score"} lines (higher = more likely AI).
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { defaultOfflineScorer } from '../engine/aigc/default-model';
import { LogprobAigcScorer } from '../engine/aigc/logprob-scorer';
import { charLength } from '../engine/aigc/text';
import type { AigcScorer } from '../engine/aigc/types';
import type { CliCommand } from './main';

const USAGE = `Usage: scripts/check-cli aigc --in texts.jsonl --out scores.jsonl [--backend offline|logprob]
  --backend logprob also takes --base-url URL --model NAME [--timeout-ms N] [--concurrency N];
  its API key is read from the environment variable named by --api-key-env (default AIGC_API_KEY), never from the command line.`;

/** Reads and checks the input lines. */
function parseInput(text: string, file: string): { id: string; text: string }[] {
  const rows: { id: string; text: string }[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      throw new Error(`${file}:${i + 1}: not JSON`);
    }
    const { id, text: body } = (row ?? {}) as { id?: unknown; text?: unknown };
    if (typeof id !== 'string' || typeof body !== 'string') throw new Error(`${file}:${i + 1}: expected {"id": string, "text": string}`);
    rows.push({ id, text: body });
  });
  return rows;
}

/** The scorer chosen by --backend. */
function makeScorer(values: Record<string, string | boolean | undefined>): AigcScorer {
  if (values.backend === 'offline') return defaultOfflineScorer();
  if (values.backend !== 'logprob') throw new Error(`Unknown --backend ${String(values.backend)} (offline or logprob)`);
  if (typeof values['base-url'] !== 'string' || typeof values.model !== 'string') throw new Error('--backend logprob needs --base-url and --model');
  const positive = (name: string): number | undefined => {
    const raw = values[name];
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer`);
    return n;
  };
  return new LogprobAigcScorer({
    baseUrl: values['base-url'],
    model: values.model,
    apiKey: process.env[String(values['api-key-env'])] || undefined,
    timeoutMs: positive('timeout-ms'),
    concurrency: positive('concurrency'),
  });
}

/** The `aigc` subcommand. */
export const aigcCommand: CliCommand = {
  summary: 'Score texts for AI-generated content (offline model or an LLM logprob server)',
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        in: { type: 'string' },
        out: { type: 'string' },
        backend: { type: 'string', default: 'offline' },
        'base-url': { type: 'string' },
        model: { type: 'string' },
        'api-key-env': { type: 'string', default: 'AIGC_API_KEY' },
        'timeout-ms': { type: 'string' },
        concurrency: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
    if (values.help) {
      process.stderr.write(`${USAGE}\n`);
      return 0;
    }
    if (!values.in || !values.out) {
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
    const rows = parseInput(await readFile(values.in, 'utf8'), values.in);
    const scorer = makeScorer(values);
    const started = performance.now();
    const scores = await scorer.score(rows.map((r) => r.text));
    const seconds = (performance.now() - started) / 1000;
    await writeFile(values.out, rows.map((r, i) => `${JSON.stringify({ id: r.id, score: scores[i] })}\n`).join(''));
    const chars = rows.reduce((n, r) => n + charLength(r.text), 0);
    process.stderr.write(
      `aigc: ${rows.length} texts, ${chars} characters, ${scorer.model.name} ${scorer.model.version}, ${seconds.toFixed(2)} s (${Math.round(chars / Math.max(seconds, 1e-6))} characters/s)\n`,
    );
    return 0;
  },
};
