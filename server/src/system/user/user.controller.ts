import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req, Res, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DOWNLOAD_FILENAME_HEADER, UPLOAD } from '@zhiwen/shared';
import { AllowRepeatSubmit } from '../../common/decorators/allow-repeat-submit.decorator';
import { ServiceException } from '../../common/errors/service-exception';
import { streamXlsx } from '../../common/export/xlsx-writer';
import { Answer } from '../../common/http/envelope';
import { RequirePermission, SignedIn } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { t } from '../../common/i18n/i18n';
import { IdListPipe, IdPipe } from '../../common/validation/id.pipe';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import {
  AuthRoleDto,
  ChangeStatusDto,
  CreateUserDto,
  ImportUsersDto,
  PreferencesDto,
  ResetPasswordDto,
  UpdatePasswordDto,
  UpdateProfileDto,
  UpdateUserDto,
  UserQueryDto,
} from './dto/user.dto';
import type { SysUser } from './sys-user.entity';
import { UserAdminService } from './user-admin.service';
import { IMPORT_COLUMNS, MAX_IMPORT_BYTES, parseUserSheet } from './user-import';

type UserRow = SysUser & { dept?: { deptName: string } | null };
const TITLE = '用户管理';

@ApiTags('system/user')
@ApiBearerAuth()
@Controller('system/user')
export class UserController {
  constructor(private readonly users: UserAdminService) {}

  @ListRoute<UserRow>('list', {
    fileName: 'user.exportFile',
    exportPermission: 'system:user:export',
    columns: [
      { key: 'userId', header: 'column.userId', width: 10 },
      { key: 'userName', header: 'column.userName' },
      { key: 'nickName', header: 'column.nickName' },
      { key: 'dept', header: 'column.deptName', format: (_v, row) => row.dept?.deptName ?? '' },
      { key: 'phonenumber', header: 'column.phonenumber' },
      { key: 'email', header: 'column.email', width: 28 },
      { key: 'status', header: 'column.status', width: 8, format: (v) => t(`status.${v}`) },
      { key: 'loginDate', header: 'column.loginDate' },
      { key: 'createTime', header: 'column.createTime' },
    ],
  })
  @RequirePermission('system:user:list')
  @OperLog({ title: TITLE, businessType: BusinessType.EXPORT, saveResult: false })
  @ApiOperation({ summary: 'Users within the caller’s data scope' })
  list(@Query() query: UserQueryDto, @Req() req: Request) {
    return this.users.list(query, req.user!);
  }

  @Get('profile')
  @SignedIn()
  @ApiOperation({ summary: 'The caller’s own account with role and post names' })
  profile(@Req() req: Request) {
    return this.users.profile(req.user!);
  }

  @Put('profile')
  @SignedIn()
  @OperLog({ title: '个人信息', businessType: BusinessType.UPDATE })
  @ApiEnvelope()
  async updateProfile(@Body() dto: UpdateProfileDto, @Req() req: Request): Promise<void> {
    await this.users.updateProfile(dto, req.user!);
  }

  @Put('profile/updatePwd')
  @SignedIn()
  @OperLog({ title: '个人信息', businessType: BusinessType.UPDATE })
  @ApiEnvelope()
  async updatePassword(@Body() dto: UpdatePasswordDto, @Req() req: Request): Promise<void> {
    await this.users.updatePassword(dto, req.user!);
  }

  @Post('profile/avatar')
  @SignedIn()
  @OperLog({ title: '个人信息', businessType: BusinessType.UPDATE, saveParams: false })
  @UseInterceptors(FileInterceptor('avatarfile', { limits: { fileSize: UPLOAD.imageSizeMb * 1024 * 1024, files: 1 } }))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['avatarfile'], properties: { avatarfile: { type: 'string', format: 'binary' } } } })
  @ApiOperation({ summary: 'Upload the caller’s avatar (jpg or png, 2 MB)' })
  async avatar(@UploadedFile() file: { buffer: Buffer } | undefined, @Req() req: Request) {
    if (!file) throw new ServiceException('user.avatar.format');
    return this.users.setAvatar(file.buffer, req.user!);
  }

  @Get('preferences')
  @SignedIn()
  @ApiOperation({ summary: 'The caller’s UI preferences' })
  preferences(@Req() req: Request) {
    return this.users.preferences(req.user!);
  }

  @Put('preferences')
  @SignedIn()
  @ApiEnvelope()
  async savePreferences(@Body() dto: PreferencesDto, @Req() req: Request): Promise<void> {
    await this.users.savePreferences(dto.preferences, req.user!);
  }

  @Put('resetPwd')
  @RequirePermission('system:user:resetPwd')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiEnvelope()
  async resetPassword(@Body() dto: ResetPasswordDto, @Req() req: Request): Promise<void> {
    await this.users.resetPassword(dto, req.user!);
  }

  @Put('changeStatus')
  @RequirePermission('system:user:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiEnvelope()
  async changeStatus(@Body() dto: ChangeStatusDto, @Req() req: Request): Promise<void> {
    await this.users.changeStatus(dto, req.user!);
  }

  @Post('importTemplate')
  @RequirePermission('system:user:import')
  @AllowRepeatSubmit()
  @ApiOperation({ summary: 'The empty .xlsx to fill for an import' })
  async importTemplate(@Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const name = encodeURIComponent(`${t('user.import.templateFile')}.xlsx`);
    res.setHeader(DOWNLOAD_FILENAME_HEADER, name);
    return new StreamableFile(await streamXlsx([], IMPORT_COLUMNS as never, t('user.import.templateFile')), {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      disposition: `attachment; filename="template.xlsx"; filename*=UTF-8''${name}`,
    });
  }

  @Post('importData')
  @RequirePermission('system:user:import')
  @OperLog({ title: TITLE, businessType: BusinessType.IMPORT })
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } }))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file', 'password'], properties: { file: { type: 'string', format: 'binary' }, password: { type: 'string' }, updateSupport: { type: 'string', enum: ['true', 'false'] } } } })
  @ApiOperation({ summary: 'Import users from the template (.xlsx): all rows or none' })
  async importData(@UploadedFile() file: { buffer: Buffer } | undefined, @Body() dto: ImportUsersDto, @Req() req: Request) {
    if (!file) throw new ServiceException('user.import.notXlsx');
    const rows = await parseUserSheet(file.buffer);
    const result = await this.users.importUsers(rows, { updateSupport: dto.updateSupport === 'true', password: dto.password }, req.user!);
    return new Answer(result, t('user.import.done', result));
  }

  @Get('authRole/:userId')
  @RequirePermission('system:user:query')
  @ApiOperation({ summary: 'A user with the roles that can be granted' })
  authRole(@Param('userId', IdPipe) userId: string, @Req() req: Request) {
    return this.users.detail(userId, req.user!);
  }

  @Put('authRole')
  @RequirePermission('system:user:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.GRANT })
  @ApiEnvelope()
  async setRoles(@Body() dto: AuthRoleDto, @Req() req: Request): Promise<void> {
    await this.users.setRoles(dto, req.user!);
  }

  @Get()
  @RequirePermission('system:user:query')
  @ApiOperation({ summary: 'The roles and posts a new user can get' })
  options(@Req() req: Request) {
    return this.users.detail(undefined, req.user!);
  }

  @Get(':userId')
  @RequirePermission('system:user:query')
  @ApiOperation({ summary: 'One user with its role and post ids' })
  detail(@Param('userId', IdPipe) userId: string, @Req() req: Request) {
    return this.users.detail(userId, req.user!);
  }

  @Post()
  @RequirePermission('system:user:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  create(@Body() dto: CreateUserDto, @Req() req: Request) {
    return this.users.create(dto, req.user!);
  }

  @Put()
  @RequirePermission('system:user:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiEnvelope()
  async update(@Body() dto: UpdateUserDto, @Req() req: Request): Promise<void> {
    await this.users.update(dto, req.user!);
  }

  @Delete(':userIds')
  @RequirePermission('system:user:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiEnvelope()
  async remove(@Param('userIds', IdListPipe) userIds: string[], @Req() req: Request): Promise<void> {
    await this.users.remove(userIds, req.user!);
  }
}
