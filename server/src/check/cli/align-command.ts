// `scripts/check-cli align --sources DIR --suspicious DIR --out detections.jsonl [--params JSON]`
// Builds an in-memory library from every .txt of --sources, checks every .txt of --suspicious and writes one JSON line
// per reused passage (PAN format: file names, offsets and lengths in JavaScript string indices of the original files).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DuplicateDetector, MemoryTextStore } from '../engine/match/detector';
import { MemoryFingerprintIndex } from '../engine/match/fingerprint-index';
import type { CliCommand } from './main';

const USAGE = `Usage: scripts/check-cli align --sources DIR --suspicious DIR --out FILE [--params JSON] [--similarity]

Builds a library from every .txt in --sources, checks every .txt in --suspicious, and writes one JSON line per
detected passage to --out:
  {"suspicious","source","this_offset","this_length","source_offset","source_length"}
Offsets and lengths are JavaScript string indices (UTF-16 code units) of the original files.
  --params JSON    detector options, e.g. '{"align":{"gap":40}}'
  --similarity     also write "similarity" (share of matched characters) and "identical" on each line`;

async function txtFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.txt')).sort();
}

export const alignCommand: CliCommand = {
  summary: 'align suspicious documents with a folder of sources (text-reuse detections, PAN format)',
  async run(args: string[]): Promise<number> {
    let values;
    try {
      ({ values } = parseArgs({
        args,
        options: {
          sources: { type: 'string' },
          suspicious: { type: 'string' },
          out: { type: 'string' },
          params: { type: 'string' },
          similarity: { type: 'boolean', default: false },
          help: { type: 'boolean', short: 'h', default: false },
        },
        strict: true,
      }));
    } catch (error) {
      process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
      return 2;
    }
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (!values.sources || !values.suspicious || !values.out) {
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
    const options = values.params ? JSON.parse(values.params) : {};
    const started = process.hrtime.bigint();
    const index = new MemoryFingerprintIndex();
    const detector = new DuplicateDetector(index, new MemoryTextStore(), options);
    const sourceNames = await txtFiles(values.sources);
    let sourceChars = 0;
    for (let id = 0; id < sourceNames.length; id++) {
      const text = await readFile(path.join(values.sources, sourceNames[id]), 'utf8');
      sourceChars += text.length;
      await detector.addDocument(id, text);
    }
    const built = process.hrtime.bigint();
    const lines: string[] = [];
    const suspiciousNames = await txtFiles(values.suspicious);
    let flagged = 0;
    for (const name of suspiciousNames) {
      const text = await readFile(path.join(values.suspicious, name), 'utf8');
      const { detections } = await detector.check(text);
      if (detections.length) flagged++;
      for (const d of detections) {
        const line: Record<string, unknown> = {
          suspicious: name,
          source: sourceNames[d.sourceId],
          this_offset: d.thisOffset,
          this_length: d.thisLength,
          source_offset: d.sourceOffset,
          source_length: d.sourceLength,
        };
        if (values.similarity) {
          line.similarity = Math.round(d.similarity * 1000) / 1000;
          line.identical = d.identical;
        }
        lines.push(JSON.stringify(line));
      }
    }
    await writeFile(values.out, lines.length ? `${lines.join('\n')}\n` : '');
    const done = process.hrtime.bigint();
    const ms = (a: bigint, b: bigint) => Number(b - a) / 1e6;
    process.stderr.write(
      `${sourceNames.length} sources (${sourceChars} characters) indexed in ${ms(started, built).toFixed(0)} ms; ` +
        `${suspiciousNames.length} suspicious documents checked in ${ms(built, done).toFixed(0)} ms; ` +
        `${lines.length} passages in ${flagged} documents -> ${values.out}\n`,
    );
    return 0;
  },
};
