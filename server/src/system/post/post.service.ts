import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { withUniqueMessages } from '../../database/sql-helpers';
import type { CreatePostDto, PostQueryDto, UpdatePostDto } from './post.dto';
import { SysPost } from './sys-post.entity';

const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** Posts (job positions): codes and names are unique, and a post held by a user cannot be deleted. */
@Injectable()
export class PostService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Posts filtered by code, name and status, paged (or every row while exporting). */
  async list(query: PostQueryDto): Promise<PageResult<SysPost>> {
    const qb = this.dataSource.getRepository(SysPost).createQueryBuilder('p');
    if (query.postCode) qb.andWhere('p.post_code ILIKE :postCode', { postCode: likeContains(query.postCode) });
    if (query.postName) qb.andWhere('p.post_name ILIKE :postName', { postName: likeContains(query.postName) });
    if (query.status) qb.andWhere('p.status = :status', { status: query.status });
    return paginate(qb, query, {
      sortable: { postId: 'p.post_id', postCode: 'p.post_code', postSort: 'p.post_sort', createTime: 'p.create_time' },
      defaultOrder: { 'p.post_sort': 'ASC', 'p.post_id': 'ASC' },
    });
  }

  /** Enabled posts in display order, for pickers. */
  options(): Promise<SysPost[]> {
    return this.dataSource.getRepository(SysPost).find({ where: { status: '0' }, order: { postSort: 'ASC', postId: 'ASC' } });
  }

  async get(postId: string): Promise<SysPost> {
    const post = await this.dataSource.getRepository(SysPost).findOne({ where: { postId } });
    if (!post) throw ServiceException.notFound('post.notFound');
    return post;
  }

  async create(caller: LoginUser, dto: CreatePostDto): Promise<SysPost> {
    return this.uniqueOr(dto, () =>
      this.dataSource.getRepository(SysPost).save(
        this.dataSource.getRepository(SysPost).create({
          postCode: dto.postCode,
          postName: dto.postName,
          postSort: dto.postSort,
          status: dto.status ?? '0',
          remark: dto.remark ?? '',
          createBy: caller.userName,
          updateBy: caller.userName,
        }),
      ),
    );
  }

  async update(caller: LoginUser, dto: UpdatePostDto): Promise<SysPost> {
    return this.uniqueOr(dto, () =>
      this.dataSource.transaction(async (m) => {
        const post = await m.findOne(SysPost, { where: { postId: dto.postId } });
        if (!post) throw ServiceException.notFound('post.notFound');
        Object.assign(post, {
          postCode: dto.postCode,
          postName: dto.postName,
          postSort: dto.postSort,
          status: dto.status ?? post.status,
          remark: dto.remark ?? post.remark,
          updateBy: caller.userName,
        });
        return m.save(post);
      }),
    );
  }

  /** Deletes the posts, all or none: refused, naming the post, when any is held by a (not deleted) user. */
  async remove(postIds: string[]): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      // Row locks keep a concurrent assignment from slipping in between the check and the delete.
      const posts = await m.getRepository(SysPost).createQueryBuilder('p').setLock('pessimistic_write').whereInIds(postIds).getMany();
      if (posts.length !== new Set(postIds).size) throw ServiceException.notFound('post.notFound');
      const held: Array<{ post_id: string }> = await m.query(
        `SELECT up.post_id::text FROM sys_user_post up JOIN sys_user u ON u.user_id = up.user_id
         WHERE up.post_id = ANY ($1::bigint[]) AND u.del_flag = '0' LIMIT 1`,
        [postIds],
      );
      if (held.length) {
        const post = posts.find((p) => p.postId === held[0].post_id)!;
        throw new ServiceException('post.assigned', { postName: post.postName });
      }
      await m.delete(SysPost, { postId: In(postIds) });
    });
  }

  /** Runs a write, turning a clash with another post's code or name (unique indexes) into its message. */
  private uniqueOr<T>(dto: CreatePostDto, write: () => Promise<T>): Promise<T> {
    return withUniqueMessages(write, {
      sys_post_post_code_key: () => new ServiceException('post.codeTaken', { postName: dto.postName, postCode: dto.postCode }),
      uq_sys_post_name: () => new ServiceException('post.nameTaken', { postName: dto.postName }),
    });
  }
}
