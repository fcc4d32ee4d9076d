import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { FILE_STORAGE, type FileStorage } from '../../storage/storage';
import { defaultOfflineScorer } from '../engine/aigc/default-model';
import { renderReportHtml } from '../engine/report/html';
import { renderReportPdf } from '../engine/report/pdf';
import { checkSamplePaper } from '../task/sample-check';

const SAMPLE_FOLDER = 'check/sample';
const FILES = {
  html: { name: 'report.html', type: 'text/html; charset=utf-8' },
  pdf: { name: 'report.pdf', type: 'application/pdf' },
} as const;

/**
 * The sample report of /aicheckylbg: the engine's real report of the bundled sample paper against its two sample
 * sources, made once and kept in storage (made again when the files are gone, e.g. after the engine changed).
 */
@Injectable()
export class CheckSampleReportService {
  private making?: Promise<void>;

  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  /** The sample report file in the given format, made first if it is not stored yet. */
  async report(format: keyof typeof FILES): Promise<{ stream: Readable; type: string; fileName: string }> {
    const key = `${SAMPLE_FOLDER}/${FILES[format].name}`;
    let stream = await this.storage.get(key);
    if (!stream) {
      // One making at a time; concurrent first visitors wait for the same one.
      this.making ??= this.make().finally(() => (this.making = undefined));
      await this.making;
      stream = await this.storage.get(key);
    }
    if (!stream) throw new Error('sample report missing after it was made');
    return { stream, type: FILES[format].type, fileName: `检测报告样例.${format}` };
  }

  private async make(): Promise<void> {
    const report = await checkSamplePaper(defaultOfflineScorer());
    await this.storage.put(`${SAMPLE_FOLDER}/${FILES.html.name}`, Buffer.from(renderReportHtml(report, { variant: 'full', language: 'zh-CN' })));
    await this.storage.put(`${SAMPLE_FOLDER}/${FILES.pdf.name}`, Buffer.from(renderReportPdf(report, { variant: 'concise', language: 'zh-CN' })));
  }
}
