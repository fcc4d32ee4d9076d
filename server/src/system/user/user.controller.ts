import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DOWNLOAD_FILENAME_HEADER, UPLOAD } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
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
  list(@Query() query: UserQueryDto, @CurrentUser() user: LoginUser) {
    return this.users.list(query, user);
  }

  @Get('profile')
  @SignedIn()
  @ApiOperation({ summary: 'The caller’s own account with role and post names' })
  profile(@CurrentUser() user: LoginUser) {
    return this.users.profile(user);
  }

  @Put('profile')
  @SignedIn()
  @OperLog({ title: '个人信息', businessType: BusinessType.UPDATE })
  @ApiEnvelope()
  async updateProfile(@Body() dto: UpdateProfileDto, @CurrentUser() user: LoginUser): Promise<void> {
    await this.users.updateProfile(dto, user);
  }

  @Put('profile/updatePwd')
  @SignedIn()
  @OperLog({ title: '个人信息', businessType: BusinessType.UPDATE })
  @ApiEnvelope()
  async updatePassword(@Body() dto: UpdatePasswordDto, @CurrentUser() user: LoginUser): Promise<void> {
    await this.users.updatePassword(dto, user);
  }

  @Post('profile/avatar')
  @SignedIn()
  @OperLog({ title: '个人信息', businessType: BusinessType.UPDATE, saveParams: false })
  @UseInterceptors(FileInterceptor('avatarfile', { limits: { fileSize: UPLOAD.imageSizeMb * 1024 * 1024, files: 1 } }))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['avatarfile'], properties: { avatarfile: { type: 'string', format: 'binary' } } } })
  @ApiOperation({ summary: 'Upload the caller’s avatar (jpg or png, 2 MB)' })
  async avatar(@UploadedFile() file: { buffer: Buffer } | undefined, @CurrentUser() user: LoginUser) {
    if (!file) throw new ServiceException('user.avatar.format');
    return this.users.setAvatar(file.buffer, user);
  }

  @Get('preferences')
  @SignedIn()
  @ApiOperation({ summary: 'The caller’s UI preferences' })
  preferences(@CurrentUser() user: LoginUser) {
    return this.users.preferences(user);
  }

  @Put('preferences')
  @SignedIn()
  @ApiEnvelope()
  async savePreferences(@Body() dto: PreferencesDto, @CurrentUser() user: LoginUser): Promise<void> {
    await this.users.savePreferences(dto.preferences, user);
  }

  @Put('resetPwd')
  @RequirePermission('system:user:resetPwd')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiEnvelope()
  async resetPassword(@Body() dto: ResetPasswordDto, @CurrentUser() user: LoginUser): Promise<void> {
    await this.users.resetPassword(dto, user);
  }

  @Put('changeStatus')
  @RequirePermission('system:user:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiEnvelope()
  async changeStatus(@Body() dto: ChangeStatusDto, @CurrentUser() user: LoginUser): Promise<void> {
    await this.users.changeStatus(dto, user);
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
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file', 'password'],
      properties: {
        file: { type: 'string', format: 'binary' },
        password: { type: 'string' },
        updateSupport: { type: 'string', enum: ['true', 'false'] },
      },
    },
  })
  @ApiOperation({ summary: 'Import users from the template (.xlsx): all rows or none' })
  async importData(@UploadedFile() file: { buffer: Buffer } | undefined, @Body() dto: ImportUsersDto, @CurrentUser() user: LoginUser) {
    if (!file) throw new ServiceException('user.import.notXlsx');
    const rows = await parseUserSheet(file.buffer);
    const result = await this.users.importUsers(rows, { updateSupport: dto.updateSupport === 'true', password: dto.password }, user);
    return new Answer(result, t('user.import.done', result));
  }

  @Get('authRole/:userId')
  @RequirePermission('system:user:query')
  @ApiOperation({ summary: 'A user with the roles that can be granted' })
  authRole(@Param('userId', IdPipe) userId: string, @CurrentUser() user: LoginUser) {
    return this.users.detail(userId, user);
  }

  @Put('authRole')
  @RequirePermission('system:user:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.GRANT })
  @ApiEnvelope()
  async setRoles(@Body() dto: AuthRoleDto, @CurrentUser() user: LoginUser): Promise<void> {
    await this.users.setRoles(dto, user);
  }

  @Get()
  @RequirePermission('system:user:query')
  @ApiOperation({ summary: 'The roles and posts a new user can get' })
  options(@CurrentUser() user: LoginUser) {
    return this.users.detail(undefined, user);
  }

  @Get(':userId')
  @RequirePermission('system:user:query')
  @ApiOperation({ summary: 'One user with its role and post ids' })
  detail(@Param('userId', IdPipe) userId: string, @CurrentUser() user: LoginUser) {
    return this.users.detail(userId, user);
  }

  @Post()
  @RequirePermission('system:user:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  create(@Body() dto: CreateUserDto, @CurrentUser() user: LoginUser) {
    return this.users.create(dto, user);
  }

  @Put()
  @RequirePermission('system:user:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiEnvelope()
  async update(@Body() dto: UpdateUserDto, @CurrentUser() user: LoginUser): Promise<void> {
    await this.users.update(dto, user);
  }

  @Delete(':userIds')
  @RequirePermission('system:user:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiEnvelope()
  async remove(@Param('userIds', IdListPipe) userIds: string[], @CurrentUser() user: LoginUser): Promise<void> {
    await this.users.remove(userIds, user);
  }
}
