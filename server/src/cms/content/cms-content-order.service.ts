import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { CmsAccessService } from '../common/cms-access.service';
import type { ContentAttrDto, SetTopDto, SortContentDto } from './cms-content.dto';
import { CmsContent } from './cms-content.entity';
import { CmsContentWriter } from './cms-content-writer.service';

/**
 * The order of content in its catalog: top flags (with an end time), sorting before another piece of content, and the
 * recommend and hot attributes. Each needs `Catalog:EditContent`; published content's lists are published again.
 */
@Injectable()
export class CmsContentOrderService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: CmsAccessService,
    private readonly writer: CmsContentWriter,
  ) {}

  /** Sets content top (the latest set first); `topEndTime` ends it (a job clears it then). */
  async setTop(user: LoginUser, dto: SetTopDto): Promise<void> {
    const end = dto.topEndTime ? new Date(dto.topEndTime) : null;
    if (end && end <= new Date()) throw new ServiceException('cms.content.topEndPast');
    await this.writer.assertOnContent(user, dto.contentIds, 'EditContent');
    const topFlag = String(Date.now());
    const rows = await this.dataSource.transaction(async (m) => {
      const locked = await this.writer.lockRows(m, dto.contentIds);
      await m.update(CmsContent, { contentId: In(dto.contentIds) }, { topFlag, topDate: end, updateBy: user.userName });
      await this.writer.log(m, locked, 'set_top', user.userName, end ? `until ${end.toISOString()}` : '');
      return locked;
    });
    await this.republishOrder(rows, user.userName);
  }

  /** Cancels the top flag of content. */
  async cancelTop(user: LoginUser, contentIds: string[]): Promise<void> {
    await this.writer.assertOnContent(user, contentIds, 'EditContent');
    const rows = await this.dataSource.transaction(async (m) => {
      const locked = await this.writer.lockRows(m, contentIds);
      await m.update(CmsContent, { contentId: In(contentIds) }, { topFlag: '0', topDate: null, updateBy: user.userName });
      await this.writer.log(m, locked, 'cancel_top', user.userName);
      return locked;
    });
    await this.republishOrder(rows, user.userName);
  }

  /**
   * Places content just before the target in its catalog's order (top flag desc, then sort flag desc). If the target
   * is top the content becomes top just above it; otherwise the content's top flag is cancelled. Only the rows between
   * the old and the new place shift by one, so the rest keep their order.
   */
  async sort(user: LoginUser, dto: SortContentDto): Promise<void> {
    if (dto.contentId === dto.targetId) throw new ServiceException('cms.content.sortSelf');
    const [content, target] = await Promise.all([this.writer.get(dto.contentId), this.writer.get(dto.targetId)]);
    if (content.catalogId !== target.catalogId || content.status === 'deleted' || target.status === 'deleted') {
      throw new ServiceException('cms.content.sortOtherCatalog');
    }
    await this.access.assert(user, 'Catalog', 'EditContent', content.catalogId);
    const moved = await this.dataSource.transaction(async (m) => {
      // One reorder of a catalog at a time: the range shifts below must see a stable order.
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`cms_content_sort:${content.catalogId}`]);
      const [moved, before] = await this.writer
        .lockRows(m, [dto.contentId, dto.targetId])
        .then((rows) => [rows.find((r) => r.contentId === dto.contentId)!, rows.find((r) => r.contentId === dto.targetId)!]);
      const targetTop = BigInt(before.topFlag);
      if (targetTop > 0n) {
        const flag = await shiftBefore(m, 'top_flag', moved.catalogId, moved.contentId, BigInt(moved.topFlag), targetTop);
        await m.update(
          CmsContent,
          { contentId: moved.contentId },
          { topFlag: flag, topDate: BigInt(moved.topFlag) > 0n ? moved.topDate : before.topDate, updateBy: user.userName },
        );
      } else {
        const flag = await shiftBefore(m, 'sort_flag', moved.catalogId, moved.contentId, BigInt(moved.sortFlag), BigInt(before.sortFlag));
        await m.update(CmsContent, { contentId: moved.contentId }, { sortFlag: flag, topFlag: '0', topDate: null, updateBy: user.userName });
      }
      await this.writer.log(m, [moved], 'sort', user.userName, `before ${before.contentId}`);
      return moved;
    });
    await this.republishOrder([moved], user.userName);
  }

  /** Sets (`on`) or cancels the recommend or hot attribute of content. */
  async setAttr(user: LoginUser, dto: ContentAttrDto, on: boolean): Promise<void> {
    await this.writer.assertOnContent(user, dto.contentIds, 'EditContent');
    const rows = await this.dataSource.transaction(async (m) => {
      const locked = await this.writer.lockRows(m, dto.contentIds);
      await m.update(CmsContent, { contentId: In(dto.contentIds) }, { [dto.attr]: on, updateBy: user.userName });
      await this.writer.log(m, locked, on ? 'attr_add' : 'attr_remove', user.userName, dto.attr);
      return locked;
    });
    await this.republishOrder(rows, user.userName);
  }

  /** Order, top and attributes show on list pages (and the home page): published content's pages are queued again. */
  private async republishOrder(rows: CmsContent[], operator: string): Promise<void> {
    await this.writer.syncPages({ publish: rows.filter((r) => r.status === 'published') }, operator);
  }
}

/**
 * Shifts the rows between the moved content's old place and the target by one so the moved content fits just before
 * the target on `column` (ordered descending); returns the moved content's new value.
 */
async function shiftBefore(
  m: EntityManager,
  column: 'top_flag' | 'sort_flag',
  catalogId: string,
  movedId: string,
  moved: bigint,
  target: bigint,
): Promise<string> {
  if (moved > target) {
    // Moving down: the rows between move up by one, the moved content takes the slot just above the target.
    await m.query(
      `UPDATE cms_content SET ${column} = ${column} + 1 WHERE catalog_id = $1 AND content_id <> $2 AND ${column} > $3 AND ${column} < $4`,
      [catalogId, movedId, String(target), String(moved)],
    );
    return String(target + 1n);
  }
  if (moved === target) {
    // A tie: everything above moves up by one to make room.
    await m.query(`UPDATE cms_content SET ${column} = ${column} + 1 WHERE catalog_id = $1 AND content_id <> $2 AND ${column} > $3`, [
      catalogId,
      movedId,
      String(target),
    ]);
    return String(target + 1n);
  }
  // Moving up: the target and the rows between move down by one, the moved content takes the target's value.
  await m.query(
    `UPDATE cms_content SET ${column} = ${column} - 1 WHERE catalog_id = $1 AND content_id <> $2 AND ${column} > $3 AND ${column} <= $4`,
    [catalogId, movedId, String(moved), String(target)],
  );
  return String(target);
}
