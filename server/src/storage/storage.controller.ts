import { Controller, Get, Header, Inject, Param, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { Public } from '../common/decorators/public.decorator';
import { ServiceException } from '../common/errors/service-exception';
import { mimeOf } from './file-content';
import { FILE_STORAGE, type FileStorage } from './storage';

const AVATAR_FILE = /^[0-9]{1,19}-[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

/** Public reads of files that are public by nature (avatars). */
@ApiTags('storage')
@Controller('storage')
export class StorageController {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  @Get('avatar/:fileName')
  @Public()
  @SkipThrottle()
  // Names are unique per upload, so a file never changes.
  @Header('Cache-Control', 'public, max-age=31536000, immutable')
  @ApiProduces('image/png', 'image/jpeg', 'image/gif', 'image/webp')
  @ApiOperation({ summary: 'An avatar image' })
  async avatar(@Param('fileName') fileName: string): Promise<StreamableFile> {
    if (!AVATAR_FILE.test(fileName)) throw ServiceException.notFound();
    const stream = await this.storage.get(`avatar/${fileName}`);
    if (!stream) throw ServiceException.notFound();
    const ext = fileName.slice(fileName.lastIndexOf('.') + 1);
    return new StreamableFile(stream, { type: mimeOf(ext), disposition: 'inline' });
  }
}
