import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.token';
import { FILE_STORAGE, TEMP_FILE_MAX_AGE_MS, type FileStorage } from './storage';

/** How often leftover temporary files are looked for after the one look at start. */
export const TEMP_SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Removes the temporary files of writes that died with their process (a publish killed mid-way): at start, then every
 * ten minutes, in processes that run jobs. They are never served or listed meanwhile; this only frees the space.
 */
@Injectable()
export class TempFileJanitor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Storage');
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runJobs) return;
    // In the background: a large upload folder takes a moment to walk, and the start need not wait for it.
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), TEMP_SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Removes the temporary files older than TEMP_FILE_MAX_AGE_MS; answers how many (0 after a failure, logged). */
  async sweep(): Promise<number> {
    try {
      const removed = await this.storage.removeStaleTempFiles(TEMP_FILE_MAX_AGE_MS);
      if (removed) this.logger.warn({ removed }, 'Temporary files of interrupted writes removed');
      return removed;
    } catch (error) {
      this.logger.warn({ message: (error as Error).message }, 'Temporary files not swept');
      return 0;
    }
  }
}
