import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.token';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import { FILE_STORAGE, type FileStorage } from './storage';
import { StorageController } from './storage.controller';
import { TempFileJanitor } from './temp-file-janitor';

/** Uploaded and published files: a local folder by default, or an S3-compatible bucket (MinIO, S3, OSS, COS) with STORAGE_DRIVER=s3. */
@Global()
@Module({
  controllers: [StorageController],
  providers: [
    {
      provide: FILE_STORAGE,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<FileStorage> => {
        // The bucket is checked (and made when missing) at start: a wrong endpoint or key fails here, not on a first upload.
        if (config.storage.driver === 's3') {
          if (!config.storage.s3) throw new Error('STORAGE_DRIVER=s3 needs the S3_* settings');
          return S3Storage.create(config.storage.s3);
        }
        return new LocalStorage(config.storage.localDir);
      },
    },
    TempFileJanitor,
  ],
  exports: [FILE_STORAGE],
})
export class StorageModule {}
