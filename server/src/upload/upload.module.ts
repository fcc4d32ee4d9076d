import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SysConfigModule } from '../system/config/sys-config.module';
import { SysUploadFile } from './sys-upload-file.entity';
import { UploadController } from './upload.controller';
import { UploadFilesInterceptor } from './upload-files.interceptor';
import { UploadService } from './upload.service';
import './upload.messages';

/** The generic upload and download of spec 7 (`/common/upload`, `/common/download`); owns `sys_upload_file`. */
@Module({
  imports: [TypeOrmModule.forFeature([SysUploadFile]), SysConfigModule],
  providers: [UploadService, UploadFilesInterceptor],
  controllers: [UploadController],
  exports: [UploadService],
})
export class UploadModule {}
