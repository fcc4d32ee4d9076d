import { MemberExpOp } from '@zhiwen/shared';
import { MEMBER_LEVEL_TYPE } from '../../member/level/level-sql';
import type { Seed } from './seed';

const LEVELS: Array<[level: number, name: string, nextNeedExp: number]> = [
  [1, '新手', 100],
  [2, '入门', 300],
  [3, '熟练', 600],
  [4, '高手', 1000],
  [5, '大师', 0],
];

const EXP_RULES: Array<[opType: string, exp: number, dayLimit: number, totalLimit: number]> = [
  [MemberExpOp.SIGN_IN, 5, 1, 0],
  [MemberExpOp.REGISTER, 20, 0, 1],
  [MemberExpOp.CHECK_ORDER, 10, 0, 0],
];

/** Member levels and exp rules, once, into empty tables: what staff delete later stays deleted. */
export const memberSeed: Seed = {
  name: 'member',
  async run(manager) {
    if (!(await manager.query('SELECT 1 FROM member_level_config LIMIT 1')).length) {
      for (const [level, name, next] of LEVELS) {
        await manager.query(
          `INSERT INTO member_level_config (level_type, level, level_name, next_need_exp, create_by) VALUES ($1, $2, $3, $4, 'system') ON CONFLICT DO NOTHING`,
          [MEMBER_LEVEL_TYPE, level, name, next],
        );
      }
    }
    if (!(await manager.query('SELECT 1 FROM member_exp_config LIMIT 1')).length) {
      for (const [opType, exp, dayLimit, totalLimit] of EXP_RULES) {
        await manager.query(
          `INSERT INTO member_exp_config (op_type, exp, day_limit, total_limit, create_by) VALUES ($1, $2, $3, $4, 'system') ON CONFLICT DO NOTHING`,
          [opType, exp, dayLimit, totalLimit],
        );
      }
    }
  },
};
