import { statfs } from 'node:fs/promises';
import os from 'node:os';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** What one process reports about itself and its machine (stored per instance, shown per row). */
export interface ProcessFigures {
  cpu: { model: string; cores: number; usagePercent: number };
  /** 1, 5 and 15 minute load averages (zeros on Windows). */
  load: [number, number, number];
  memory: { totalBytes: number; usedBytes: number; freeBytes: number; usagePercent: number };
  /** The file system of the data folder; null when it cannot be read. */
  disk: { path: string; totalBytes: number; usedBytes: number; freeBytes: number; usagePercent: number } | null;
  heap: { usedBytes: number; totalBytes: number; rssBytes: number };
  /** Event-loop delay since the last report, in milliseconds. */
  eventLoop: { p50Ms: number; p99Ms: number; maxMs: number };
  uptime: { processSeconds: number; osSeconds: number };
  nodeVersion: string;
  platform: string;
  /** TypeORM's pg pool of this process. */
  pool: { total: number; idle: number; waiting: number } | null;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const percent = (part: number, whole: number) => (whole > 0 ? round((part / whole) * 100) : 0);

function cpuTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    idle += t.idle;
    total += t.user + t.nice + t.sys + t.idle + t.irq;
  }
  return { idle, total };
}

/**
 * Samples this process and its machine. CPU usage is the busy share of all cores since the previous sample (the
 * reports ~15 s apart, or a short 100 ms window for the first one); event-loop delay percentiles come from Node's
 * histogram and start over after every report, so each report covers its own interval.
 */
export class FigureSampler {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 20 });
  private lastCpu = cpuTimes();
  private lastCpuAt = Date.now();

  constructor(private readonly dataDir: string) {
    this.histogram.enable();
  }

  stop(): void {
    this.histogram.disable();
  }

  private async cpuUsage(waitForWindow: boolean): Promise<number> {
    if (waitForWindow && Date.now() - this.lastCpuAt < 100) await new Promise((r) => setTimeout(r, 100));
    const now = cpuTimes();
    const idle = now.idle - this.lastCpu.idle;
    const total = now.total - this.lastCpu.total;
    this.lastCpu = now;
    this.lastCpuAt = Date.now();
    return total > 0 ? round(Math.min(100, Math.max(0, (1 - idle / total) * 100))) : 0;
  }

  private async disk(): Promise<ProcessFigures['disk']> {
    try {
      const s = await statfs(this.dataDir);
      const totalBytes = s.blocks * s.bsize;
      const freeBytes = s.bavail * s.bsize;
      // Used counts blocks reserved for root as used, as `df` does.
      const usedBytes = totalBytes - s.bfree * s.bsize;
      return { path: this.dataDir, totalBytes, usedBytes, freeBytes, usagePercent: percent(usedBytes, usedBytes + freeBytes) };
    } catch {
      return null;
    }
  }

  /**
   * Takes a sample. The periodic report (`report`) starts a new event-loop interval and takes the CPU window as it is
   * (at start it may be short); a screen read waits for a window of 100 ms at least.
   */
  async sample(pool: ProcessFigures['pool'], report = false): Promise<ProcessFigures> {
    const cpus = os.cpus();
    const [usagePercent, disk] = await Promise.all([this.cpuUsage(!report), this.disk()]);
    const totalBytes = os.totalmem();
    const freeBytes = os.freemem();
    const mem = process.memoryUsage();
    const h = this.histogram;
    // An empty histogram (no sample yet) reports NaN/huge values; show zeros instead.
    const ms = (ns: number) => (h.count > 0 && Number.isFinite(ns) ? round(ns / 1e6, 2) : 0);
    const eventLoop = { p50Ms: ms(h.percentile(50)), p99Ms: ms(h.percentile(99)), maxMs: ms(h.max) };
    if (report) h.reset();
    const load = os.loadavg().map((n) => round(n, 2)) as [number, number, number];
    return {
      cpu: { model: cpus[0]?.model.trim() ?? '', cores: cpus.length, usagePercent },
      load,
      memory: { totalBytes, usedBytes: totalBytes - freeBytes, freeBytes, usagePercent: percent(totalBytes - freeBytes, totalBytes) },
      disk,
      heap: { usedBytes: mem.heapUsed, totalBytes: mem.heapTotal, rssBytes: mem.rss },
      eventLoop,
      uptime: { processSeconds: Math.round(process.uptime()), osSeconds: Math.round(os.uptime()) },
      nodeVersion: process.version,
      platform: `${os.type()} ${os.release()} ${os.arch()}`,
      pool,
    };
  }
}
