import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.token';
import { LocalStorage } from './local-storage';
import { FILE_STORAGE } from './storage';
import { StorageController } from './storage.controller';

/** Uploaded files. The S3 driver (MinIO, OSS, COS) comes with the resource library; STORAGE_DRIVER=s3 is refused until then. */
@Global()
@Module({
  controllers: [StorageController],
  providers: [
    {
      provide: FILE_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        if (config.storage.driver !== 'local') throw new Error('STORAGE_DRIVER=s3 is not available yet; use local');
        return new LocalStorage(config.storage.localDir);
      },
    },
  ],
  exports: [FILE_STORAGE],
})
export class StorageModule {}
