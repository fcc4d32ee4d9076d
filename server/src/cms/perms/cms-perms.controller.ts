import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequireAnyPermission } from '../../auth/permission';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { PermsChangeDto, PermsMatrixDto, PermsOwnerQueryDto, PermsSiteQueryDto, SavePermsDto } from './cms-perms.dto';
import { CmsPermsService } from './cms-perms.service';

/** Role and user editors may open the tab; the service then asks for the one matching `ownerType`. */
const GRANTERS = ['system:role:edit', 'system:user:edit'] as const;

/**
 * Site, catalog (with content) and page-widget rights of a role or user (`ownerType` role|user, `owner` = id), as
 * ChestnutCMS's CmsPermissionController: the 权限 tab of the role and user screens. Saves replace the owner's
 * grants on the objects the caller sees and answer what was granted and revoked (kept in the operation log).
 */
@ApiTags('cms/perms')
@ApiBearerAuth()
@Controller('cms/perms')
export class CmsPermsController {
  constructor(private readonly perms: CmsPermsService) {}

  @Get('site')
  @RequireAnyPermission(...GRANTERS)
  @ApiOperation({ summary: "The sites the caller may view, with the owner's site rights (items = action columns)" })
  @ApiEnvelope(PermsMatrixDto)
  site(@CurrentUser() user: LoginUser, @Query() query: PermsOwnerQueryDto): Promise<PermsMatrixDto> {
    return this.perms.siteMatrix(user, query);
  }

  @Put('site')
  @RequireAnyPermission(...GRANTERS)
  @OperLog({ title: '站点权限', businessType: BusinessType.GRANT })
  @ApiOperation({ summary: "Replace the owner's site rights on the sites the caller may view" })
  @ApiEnvelope(PermsChangeDto)
  saveSite(@CurrentUser() user: LoginUser, @Body() dto: SavePermsDto): Promise<PermsChangeDto> {
    return this.perms.save(user, 'Site', dto);
  }

  @Get('site/options')
  @RequireAnyPermission(...GRANTERS)
  @ApiOperation({ summary: 'The sites the owner may view (site picker of the catalog and page-widget tabs)' })
  siteOptions(@CurrentUser() user: LoginUser, @Query() query: PermsOwnerQueryDto) {
    return this.perms.siteOptions(user, query);
  }

  @Get('catalog')
  @RequireAnyPermission(...GRANTERS)
  @ApiOperation({ summary: "A site's catalog tree (catalogs the caller may view) with the owner's catalog and content rights" })
  @ApiEnvelope(PermsMatrixDto)
  catalog(@CurrentUser() user: LoginUser, @Query() query: PermsSiteQueryDto): Promise<PermsMatrixDto> {
    return this.perms.catalogMatrix(user, query);
  }

  @Put('catalog')
  @RequireAnyPermission(...GRANTERS)
  @OperLog({ title: '栏目权限', businessType: BusinessType.GRANT })
  @ApiOperation({ summary: "Replace the owner's catalog and content rights on a site's catalogs (grants Site:View with the first)" })
  @ApiEnvelope(PermsChangeDto)
  saveCatalog(@CurrentUser() user: LoginUser, @Body() dto: SavePermsDto): Promise<PermsChangeDto> {
    return this.perms.save(user, 'Catalog', dto);
  }

  @Get('pageWidget')
  @RequireAnyPermission(...GRANTERS)
  @ApiOperation({ summary: "A site's page widgets (those the caller may view) with the owner's page-widget rights" })
  @ApiEnvelope(PermsMatrixDto)
  pageWidget(@CurrentUser() user: LoginUser, @Query() query: PermsSiteQueryDto): Promise<PermsMatrixDto> {
    return this.perms.pageWidgetMatrix(user, query);
  }

  @Put('pageWidget')
  @RequireAnyPermission(...GRANTERS)
  @OperLog({ title: '页面部件权限', businessType: BusinessType.GRANT })
  @ApiOperation({ summary: "Replace the owner's page-widget rights on a site's page widgets" })
  @ApiEnvelope(PermsChangeDto)
  savePageWidget(@CurrentUser() user: LoginUser, @Body() dto: SavePermsDto): Promise<PermsChangeDto> {
    return this.perms.save(user, 'PageWidget', dto);
  }
}
