import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate } from '../../common/paging/paginate';
import { escapeLike } from '../../database/sql-helpers';
import { DictDataService } from '../dict/dict-data.service';
import type { CreateNoticeDto, NoticeQueryDto, UpdateNoticeDto } from './dto/notice.dto';
import { SysNotice } from './sys-notice.entity';

export const NOTICE_TYPE_DICT = 'sys_notice_type';
export const NOTICE_STATUS_DICT = 'sys_notice_status';

/** Notices and announcements for staff (`sys_notice`). */
@Injectable()
export class NoticeService {
  constructor(
    @InjectRepository(SysNotice) private readonly notices: Repository<SysNotice>,
    private readonly dicts: DictDataService,
  ) {}

  /** A page of notices matching the filters, newest first. */
  list(query: NoticeQueryDto): Promise<PageResult<SysNotice>> {
    const qb = this.notices.createQueryBuilder('n');
    if (query.noticeTitle) qb.andWhere('n.notice_title ILIKE :title', { title: `%${escapeLike(query.noticeTitle)}%` });
    if (query.noticeType) qb.andWhere('n.notice_type = :type', { type: query.noticeType });
    if (query.createBy) qb.andWhere('n.create_by ILIKE :by', { by: `%${escapeLike(query.createBy)}%` });
    return paginate(qb, query, {
      sortable: { noticeId: 'n.notice_id', noticeTitle: 'n.notice_title', createTime: 'n.create_time' },
      defaultOrder: { 'n.notice_id': 'DESC' },
    });
  }

  /** One notice; 404 when absent. */
  async get(noticeId: string): Promise<SysNotice> {
    const row = await this.notices.findOne({ where: { noticeId } });
    if (!row) throw ServiceException.notFound('notice.notFound');
    return row;
  }

  /** Publishes a notice; type and status must be values of their dictionaries. */
  async create(dto: CreateNoticeDto, userName: string): Promise<SysNotice> {
    await this.assertCodes(dto);
    const result = await this.notices.insert({
      noticeTitle: dto.noticeTitle,
      noticeType: dto.noticeType,
      noticeContent: dto.noticeContent ?? '',
      status: dto.status ?? '0',
      remark: dto.remark ?? '',
      createBy: userName,
      updateBy: userName,
    });
    return this.get(String(result.identifiers[0].noticeId));
  }

  /** Changes a notice. */
  async update(dto: UpdateNoticeDto, userName: string): Promise<void> {
    const current = await this.get(dto.noticeId);
    await this.assertCodes(dto);
    await this.notices.update(
      { noticeId: dto.noticeId },
      {
        noticeTitle: dto.noticeTitle,
        noticeType: dto.noticeType,
        noticeContent: dto.noticeContent ?? current.noticeContent,
        status: dto.status ?? current.status,
        remark: dto.remark ?? current.remark,
        updateBy: userName,
      },
    );
  }

  /** Deletes notices. */
  async remove(noticeIds: string[]): Promise<void> {
    const result = await this.notices.delete({ noticeId: In(noticeIds) });
    if (!result.affected) throw ServiceException.notFound('notice.notFound');
  }

  private async assertCodes(dto: CreateNoticeDto): Promise<void> {
    await this.dicts.assertValue(NOTICE_TYPE_DICT, dto.noticeType, 'noticeType');
    if (dto.status !== undefined) await this.dicts.assertValue(NOTICE_STATUS_DICT, dto.status, 'status');
  }
}
