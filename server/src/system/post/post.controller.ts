import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PageResult } from '@zhiwen/shared';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { LoginUser } from '../../auth/login-user';
import { RequirePermission, SignedIn } from '../../auth/permission';
import { ListRoute } from '../../common/export/list-route.decorator';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { t } from '../../common/i18n/i18n';
import { BusinessType, OperLog } from '../../common/decorators/oper-log.decorator';
import { CreatePostDto, PostDto, PostIdParam, PostIdsParam, PostQueryDto, UpdatePostDto } from './post.dto';
import { PostService } from './post.service';
import type { SysPost } from './sys-post.entity';

const TITLE = '岗位管理';

@ApiTags('system/post')
@ApiBearerAuth()
@Controller('system/post')
export class PostController {
  constructor(private readonly posts: PostService) {}

  @ListRoute<SysPost>('list', {
    exportPermission: 'system:post:export',
    fileName: 'post.exportFile',
    columns: [
      { key: 'postId', header: 'post.column.postId' },
      { key: 'postCode', header: 'post.column.postCode', width: 20 },
      { key: 'postName', header: 'post.column.postName', width: 20 },
      { key: 'postSort', header: 'post.column.postSort' },
      { key: 'status', header: 'post.column.status', format: (v) => t(`post.status.${String(v)}`) },
      { key: 'createTime', header: 'post.column.createTime', width: 20 },
    ],
  })
  @RequirePermission('system:post:list')
  @ApiOperation({ summary: 'Posts, paged; POST with cc-export: 1 downloads them (needs system:post:export too)' })
  @ApiEnvelope(PostDto, { paged: true })
  list(@Query() query: PostQueryDto): Promise<PageResult<SysPost>> {
    // The export twin shares this handler; downloading the whole list is its own permission.
    return this.posts.list(query);
  }

  @Get('optionselect')
  @SignedIn()
  @ApiOperation({ summary: 'Enabled posts, for pickers' })
  @ApiEnvelope(PostDto, { isArray: true })
  options(): Promise<SysPost[]> {
    return this.posts.options();
  }

  @Get(':postId')
  @RequirePermission('system:post:query')
  @ApiOperation({ summary: 'One post' })
  @ApiEnvelope(PostDto)
  get(@Param() params: PostIdParam): Promise<SysPost> {
    return this.posts.get(params.postId);
  }

  @Post()
  @RequirePermission('system:post:add')
  @OperLog({ title: TITLE, businessType: BusinessType.INSERT })
  @ApiOperation({ summary: 'Add a post (code and name unique)' })
  @ApiEnvelope(PostDto)
  create(@CurrentUser() user: LoginUser, @Body() dto: CreatePostDto): Promise<SysPost> {
    return this.posts.create(user, dto);
  }

  @Put()
  @RequirePermission('system:post:edit')
  @OperLog({ title: TITLE, businessType: BusinessType.UPDATE })
  @ApiOperation({ summary: 'Change a post' })
  @ApiEnvelope(PostDto)
  update(@CurrentUser() user: LoginUser, @Body() dto: UpdatePostDto): Promise<SysPost> {
    return this.posts.update(user, dto);
  }

  @Delete(':postIds')
  @RequirePermission('system:post:remove')
  @OperLog({ title: TITLE, businessType: BusinessType.DELETE })
  @ApiOperation({ summary: 'Delete posts (comma list); refused when any is assigned to a user' })
  @ApiEnvelope()
  async remove(@Param() params: PostIdsParam): Promise<void> {
    await this.posts.remove(params.postIds.split(','));
  }
}
