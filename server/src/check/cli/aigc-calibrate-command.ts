// `check-cli aigc-calibrate`: fits the LLM-logprob backend's centre and scale (and its weight beside the offline model)
// on texts the operator labelled, through the same client a check uses, and prints them with AUROC and TPR at 1 % FPR;
// `--apply` writes them into the back office's AIGC settings through the API. docs/check-engine.md, "Calibrating".
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  auroc,
  ensembleLogit,
  fitCalibration,
  fitEnsembleWeight,
  logit,
  logprobLogit,
  tprAtFpr,
  type CalibrationFit,
  type LogprobCalibration,
} from '../engine/aigc/calibrate';
import { defaultOfflineScorer } from '../engine/aigc/default-model';
import { LogprobAigcScorer, type LogprobScorerOptions } from '../engine/aigc/logprob-scorer';
import type { AigcScorer } from '../engine/aigc/types';
import type { CliCommand } from './main';

const USAGE = `Usage: scripts/check-cli aigc-calibrate --in labelled.jsonl (--base-url URL --model NAME | --api-url URL) [options]
  Input lines: {"id": string, "text": string, "label": "ai" | "human" | 1 | 0}.
  --base-url URL --model NAME   the completions server (vLLM, llama.cpp, Ollama) and model a check will use;
                                taken from the back office's AIGC settings when --api-url is given without them
  --api-key-env NAME            environment variable holding the server's API key (default AIGC_API_KEY)
  --timeout-ms N --concurrency N  per request, and requests in flight (default 4)
  --keep-class-ratio            let the file's share of AI texts be the prior (default: both classes weigh alike)
  --center C --scale S [--llm-weight W]  evaluate these values instead of fitting them (check on held-out texts)
  --no-offline                  leave the offline model and the ensemble weight out
  --apply --api-url URL         write the result into the AIGC settings (PUT {URL}/check/aigc/config); the staff
                                token is read from the variable named by --token-env (default ZHIWEN_TOKEN)
  --json                        print the result as one JSON object`;

/** One labelled input text. */
export interface LabelledText {
  id: string;
  text: string;
  ai: boolean;
}

/** AUROC and TPR at 1 % FPR of one scorer on the labelled texts. */
export interface Separation {
  auroc: number;
  tprAt1PctFpr: number;
}

/** What a calibration run found. */
export interface CalibrationReport {
  texts: number;
  ai: number;
  human: number;
  /** Texts left out because the server scored no token of them (a single character). */
  unscored: string[];
  /** The raw criterion: how well it separates, and its mean per class. */
  criterion: Separation & { meanAi: number; meanHuman: number };
  /** The fit, when the values were fitted rather than given. */
  fit: CalibrationFit | null;
  /** The values to configure. */
  calibration: LogprobCalibration;
  offline?: Separation & { model: string };
  ensemble?: Separation & { llmWeight: number; fitted: boolean; logLoss: number };
}

/** Options of calibrateLogprob. */
export interface CalibrateOptions {
  /** Both classes weigh alike in the fit (default true). */
  balance?: boolean;
  /** Evaluate these instead of fitting. */
  given?: LogprobCalibration & { llmWeight?: number };
  /** The offline model to weigh the backend against; absent: no ensemble figures. */
  offline?: AigcScorer;
}

/**
 * Scores every text's Fast-DetectGPT criterion through the server (the client a check uses), fits or evaluates the
 * calibration, and, with the offline model, the ensemble weight.
 */
export async function calibrateLogprob(
  rows: readonly LabelledText[],
  scorer: LogprobAigcScorer,
  options: CalibrateOptions = {},
): Promise<CalibrationReport> {
  const raw = await scorer.criteria(rows.map((r) => r.text));
  const kept = rows.map((r, i) => ({ ...r, criterion: raw[i] })).filter((r): r is LabelledText & { criterion: number } => r.criterion !== null);
  const criteria = kept.map((r) => r.criterion);
  const labels = kept.map((r) => r.ai);
  const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
  const fit = options.given ? null : fitCalibration(criteria, labels, { balance: options.balance });
  const calibration = options.given ? { center: options.given.center, scale: options.given.scale } : { center: fit!.center, scale: fit!.scale };
  const report: CalibrationReport = {
    texts: kept.length,
    ai: labels.filter(Boolean).length,
    human: labels.filter((l) => !l).length,
    unscored: rows.filter((_, i) => raw[i] === null).map((r) => r.id),
    criterion: {
      ...separation(criteria, labels),
      meanAi: mean(criteria.filter((_, i) => labels[i])),
      meanHuman: mean(criteria.filter((_, i) => !labels[i])),
    },
    fit,
    calibration,
  };
  if (options.offline) {
    const offlineScores = await options.offline.score(kept.map((r) => r.text));
    const offlineLogits = offlineScores.map(logit);
    const llmLogits = criteria.map((c) => logprobLogit(c, calibration));
    const given = options.given?.llmWeight;
    const best = fitEnsembleWeight(llmLogits, offlineLogits, labels);
    const llmWeight = given ?? best.weight;
    const combined = llmLogits.map((l, i) => ensembleLogit(l, offlineLogits[i], llmWeight));
    report.offline = { model: `${options.offline.model.name} ${options.offline.model.version}`, ...separation(offlineScores, labels) };
    report.ensemble = { llmWeight, fitted: given === undefined, logLoss: given === undefined ? best.logLoss : NaN, ...separation(combined, labels) };
  }
  return report;
}

function separation(scores: number[], ai: boolean[]): Separation {
  return { auroc: auroc(scores, ai), tprAt1PctFpr: tprAtFpr(scores, ai, 0.01).tpr };
}

/** Reads and checks the labelled lines. */
export function parseLabelled(text: string, file: string): LabelledText[] {
  const rows: LabelledText[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      throw new Error(`${file}:${i + 1}: not JSON`);
    }
    const { id, text: body, label } = (row ?? {}) as { id?: unknown; text?: unknown; label?: unknown };
    const ai = label === 'ai' || label === 1 ? true : label === 'human' || label === 0 ? false : undefined;
    if (typeof id !== 'string' || typeof body !== 'string' || ai === undefined) {
      throw new Error(`${file}:${i + 1}: expected {"id": string, "text": string, "label": "ai" | "human" | 1 | 0}`);
    }
    rows.push({ id, text: body, ai });
  });
  return rows;
}

/** The back office's AIGC settings as GET /check/aigc/config answers them. */
interface RemoteConfig {
  backend: 'offline' | 'logprob';
  baseUrl: string;
  model: string;
  timeoutMs: number;
}

/** Calls the zhiwen API with the staff token; answers the envelope's data or throws its message. */
async function callApi<T>(apiUrl: string, token: string, method: 'GET' | 'PUT', body?: unknown): Promise<T> {
  const response = await fetch(`${apiUrl.replace(/\/+$/, '')}/check/aigc/config`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let envelope: { code?: number; msg?: string; data?: T } = {};
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    // Not our API: reported below with the status.
  }
  if (!response.ok || envelope.code !== 200) throw new Error(`${method} ${apiUrl}/check/aigc/config: ${envelope.msg ?? `HTTP ${response.status}`}`);
  return envelope.data as T;
}

const f3 = (x: number): string => (Number.isFinite(x) ? x.toFixed(3) : '-');

/** The human-readable summary. */
export function formatReport(report: CalibrationReport, model: string): string {
  const lines = [
    `aigc-calibrate: ${report.texts} texts (${report.ai} AI, ${report.human} human) through ${model}${report.unscored.length ? `; ${report.unscored.length} left out without a scored token` : ''}`,
    `criterion: AUROC ${f3(report.criterion.auroc)}, TPR@1%FPR ${f3(report.criterion.tprAt1PctFpr)}; mean AI ${f3(report.criterion.meanAi)}, mean human ${f3(report.criterion.meanHuman)}`,
  ];
  if (report.fit) {
    lines.push(
      `fit (logistic regression of the label on the criterion): center ${f3(report.fit.center)}, scale ${f3(report.fit.scale)}, log-loss ${f3(report.fit.logLoss)}`,
    );
    if (report.fit.separated)
      lines.push("warning: the criterion separates these texts perfectly; the scale is then set by the fit's ridge, not the data: add harder texts");
  } else {
    lines.push(`given calibration: center ${f3(report.calibration.center)}, scale ${f3(report.calibration.scale)}`);
  }
  if (report.offline && report.ensemble) {
    lines.push(`offline model ${report.offline.model}: AUROC ${f3(report.offline.auroc)}, TPR@1%FPR ${f3(report.offline.tprAt1PctFpr)}`);
    lines.push(
      `ensemble at LLM weight ${report.ensemble.llmWeight.toFixed(2)}${report.ensemble.fitted ? ' (fitted, in-sample: check it on held-out texts)' : ''}: AUROC ${f3(report.ensemble.auroc)}, TPR@1%FPR ${f3(report.ensemble.tprAt1PctFpr)}`,
    );
  }
  const weight = report.ensemble ? `, LLM weight ${report.ensemble.llmWeight.toFixed(2)}` : '';
  lines.push(
    `AIGC settings: calibration center ${report.calibration.center.toFixed(4)}, calibration scale ${report.calibration.scale.toFixed(4)}${weight}`,
  );
  return `${lines.join('\n')}\n`;
}

/** The `aigc-calibrate` subcommand. */
export const aigcCalibrateCommand: CliCommand = {
  summary: "Fit the LLM-logprob backend's calibration (and its weight beside the offline model) on labelled texts",
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        in: { type: 'string' },
        'base-url': { type: 'string' },
        model: { type: 'string' },
        'api-key-env': { type: 'string', default: 'AIGC_API_KEY' },
        'timeout-ms': { type: 'string' },
        concurrency: { type: 'string', default: '4' },
        'keep-class-ratio': { type: 'boolean' },
        center: { type: 'string' },
        scale: { type: 'string' },
        'llm-weight': { type: 'string' },
        'no-offline': { type: 'boolean' },
        apply: { type: 'boolean' },
        'api-url': { type: 'string' },
        'token-env': { type: 'string', default: 'ZHIWEN_TOKEN' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
    if (values.help) {
      process.stderr.write(`${USAGE}\n`);
      return 0;
    }
    const token = values['api-url'] ? process.env[values['token-env'] ?? ''] : undefined;
    if (!values.in || (!values['api-url'] && (!values['base-url'] || !values.model)) || (values.apply && !values['api-url'])) {
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
    if (values['api-url'] && !token) throw new Error(`--api-url needs a staff token in the environment variable ${values['token-env']}`);
    const number = (name: 'center' | 'scale' | 'llm-weight' | 'timeout-ms' | 'concurrency', min: number, max: number): number | undefined => {
      const raw = values[name];
      if (raw === undefined) return undefined;
      const n = Number(raw);
      if (!Number.isFinite(n) || n < min || n > max) throw new Error(`--${name} must be a number in [${min}, ${max}]`);
      return n;
    };
    const center = number('center', -100, 100);
    const scale = number('scale', 0.01, 100);
    const llmWeight = number('llm-weight', 0, 1);
    if ((center === undefined) !== (scale === undefined)) throw new Error('--center and --scale go together');
    if (llmWeight !== undefined && center === undefined) throw new Error('--llm-weight is evaluated with --center and --scale');
    const remote = values['api-url'] && token ? await callApi<RemoteConfig>(values['api-url'], token, 'GET') : undefined;
    const baseUrl = values['base-url'] ?? remote?.baseUrl ?? '';
    const model = values.model ?? remote?.model ?? '';
    if (!baseUrl || !model) throw new Error('No completions server: give --base-url and --model, or configure them in the AIGC settings');
    if (values.apply && remote && (remote.baseUrl !== baseUrl || remote.model !== model)) {
      throw new Error(
        `--apply: the AIGC settings use ${remote.model} at ${remote.baseUrl}, not ${model} at ${baseUrl}; a calibration belongs to its model`,
      );
    }

    const rows = parseLabelled(await readFile(values.in, 'utf8'), values.in);
    const options: LogprobScorerOptions = {
      baseUrl,
      model,
      apiKey: process.env[values['api-key-env'] ?? ''] || undefined,
      timeoutMs: number('timeout-ms', 1, 600_000) ?? remote?.timeoutMs,
      concurrency: number('concurrency', 1, 64),
    };
    const scorer = new LogprobAigcScorer(options);
    const report = await calibrateLogprob(rows, scorer, {
      balance: !values['keep-class-ratio'],
      given: center !== undefined && scale !== undefined ? { center, scale, llmWeight } : undefined,
      offline: values['no-offline'] ? undefined : defaultOfflineScorer(),
    });
    process.stdout.write(values.json ? `${JSON.stringify(report)}\n` : formatReport(report, `${model} at ${baseUrl}`));
    if (values.apply && remote && token && values['api-url']) {
      await callApi(values['api-url'], token, 'PUT', {
        // The backend stays as staff chose it; without the offline model the stored weight stays too.
        backend: remote.backend,
        baseUrl: remote.baseUrl,
        model: remote.model,
        calibrationCenter: report.calibration.center,
        calibrationScale: report.calibration.scale,
        ...(report.ensemble ? { llmWeight: report.ensemble.llmWeight } : {}),
      });
      process.stderr.write(`aigc-calibrate: written into the AIGC settings at ${values['api-url']}\n`);
    }
    return 0;
  },
};
