import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { MemberExpOpValue } from '@zhiwen/shared';
import { levelOfExpSql } from '../level/level-sql';
import { localDay } from '../member-rules';

export interface ExpGrant {
  exp: number;
  expAfter: number;
  levelBefore: number;
  levelAfter: number;
}

/** Rolls back a grant that turned out to repeat a referenced one. */
class AlreadyGranted extends Error {}

/**
 * Experience: an operation grants the exp its config names, within the config's day and total limits (counts of
 * grants; 0 = unlimited), and the member's level follows from the new total. The limits hold under concurrency:
 * the counter row is updated with the limit in its WHERE clause (PostgreSQL serialises writers of one row), never
 * read first and written after.
 */
@Injectable()
export class MemberExpService {
  private readonly log = new Logger(MemberExpService.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Grants the exp of `opType` to a member; null when the operation has no enabled config, a limit is reached, or
   * `refId` (a check order...) already earned it.
   */
  async grant(memberId: string, opType: MemberExpOpValue, options: { refId?: string; at?: Date } = {}): Promise<ExpGrant | null> {
    const [config] = await this.dataSource.query(`SELECT exp, day_limit, total_limit FROM member_exp_config WHERE op_type = $1 AND status = '0'`, [
      opType,
    ]);
    if (!config) return null;
    try {
      return await this.dataSource.transaction(async (m) => {
        // Grants to one member take turns (level before and after stay exact across operations).
        const [before] = await m.query(`SELECT level FROM member_user WHERE member_id = $1 AND del_flag = '0' FOR UPDATE`, [memberId]);
        if (!before) return null;
        const counted = await m.query(
          `INSERT INTO member_exp_counter AS c (member_id, op_type, total_count, day, day_count)
           VALUES ($1, $2, 1, $3::date, 1)
           ON CONFLICT (member_id, op_type) DO UPDATE SET
             total_count = c.total_count + 1,
             day_count = CASE WHEN c.day = EXCLUDED.day THEN c.day_count + 1 ELSE 1 END,
             day = EXCLUDED.day
           WHERE ($4::int = 0 OR c.total_count < $4::int)
             AND ($5::int = 0 OR c.day <> EXCLUDED.day OR c.day_count < $5::int)
           RETURNING c.total_count`,
          [memberId, opType, localDay(options.at), config.total_limit, config.day_limit],
        );
        if (!counted.length) return null;
        // TypeORM answers an UPDATE as [rows, count].
        const [[member]] = await m.query(
          `UPDATE member_user u SET exp = u.exp + $2, level = ${levelOfExpSql('u.exp + $2')} WHERE u.member_id = $1 RETURNING u.exp, u.level`,
          [memberId, config.exp],
        );
        const inserted = await m.query(
          `INSERT INTO member_exp_log (member_id, op_type, exp, ref_id, exp_after, level_after) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (member_id, op_type, ref_id) WHERE ref_id <> '' DO NOTHING RETURNING log_id`,
          [memberId, opType, config.exp, options.refId ?? '', member.exp, member.level],
        );
        if (!inserted.length) throw new AlreadyGranted();
        return { exp: config.exp, expAfter: Number(member.exp), levelBefore: before.level, levelAfter: member.level };
      });
    } catch (err) {
      if (err instanceof AlreadyGranted) return null;
      throw err;
    }
  }

  /** Grants like `grant`, but a failure is only logged: the operation that earns exp must not fail because of it. */
  async grantQuietly(memberId: string, opType: MemberExpOpValue, options: { refId?: string } = {}): Promise<ExpGrant | null> {
    try {
      return await this.grant(memberId, opType, options);
    } catch (err) {
      this.log.warn(`exp grant ${opType} to member ${memberId} failed: ${(err as Error).message}`);
      return null;
    }
  }

  /** Recomputes every member's level from its exp (after the level config changed). */
  async recomputeLevels(): Promise<void> {
    await this.dataSource.query(
      `UPDATE member_user u SET level = ${levelOfExpSql('u.exp')} WHERE u.level IS DISTINCT FROM ${levelOfExpSql('u.exp')}`,
    );
  }
}
