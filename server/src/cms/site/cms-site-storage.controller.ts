import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission } from '../../auth/permission';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { Answer } from '../../common/http/envelope';
import { t } from '../../common/i18n/i18n';
import { IdPipe } from '../../common/validation/id.pipe';
import { SiteStorageChangeDto, SiteStorageDto, SiteStorageViewDto } from './cms-site-storage.dto';
import { CmsSiteStorageService } from './cms-site-storage.service';

/** A site's resource storage: the product's, or the site's own S3-compatible bucket. */
@ApiTags('cms/site')
@ApiBearerAuth()
@Controller('cms/site/storage')
export class CmsSiteStorageController {
  constructor(private readonly storage: CmsSiteStorageService) {}

  @Get(':siteId')
  @RequirePermission('cms:site:view', 'cms:site:storage')
  @ApiOperation({ summary: 'The site’s resource storage (never the secret key) and how many resource files it holds (Site:View)' })
  @ApiEnvelope(SiteStorageViewDto)
  view(@CurrentUser() user: LoginUser, @Param('siteId', IdPipe) siteId: string): Promise<SiteStorageViewDto> {
    return this.storage.view(user, siteId);
  }

  @Put(':siteId')
  @RequirePermission('cms:site:view', 'cms:site:storage')
  @OperLog({ title: '站点管理', businessType: BusinessType.UPDATE, saveParams: false })
  @ApiOperation({
    summary: 'Move the site’s resources to another storage (Site:Edit): copies every file, then switches; the previous storage keeps its files',
  })
  @ApiEnvelope(SiteStorageChangeDto)
  async change(
    @CurrentUser() user: LoginUser,
    @Param('siteId', IdPipe) siteId: string,
    @Body() dto: SiteStorageDto,
  ): Promise<Answer<SiteStorageChangeDto>> {
    const result = await this.storage.change(user, siteId, dto);
    return new Answer(result, t('cms.site.storage.changed', { ...result }));
  }
}
