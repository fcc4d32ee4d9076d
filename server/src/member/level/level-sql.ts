/** The level track that member levels follow; other level types are kept for future tracks. */
export const MEMBER_LEVEL_TYPE = 'exp';

/**
 * SQL for the level an amount of experience earns (`expExpression` is a column or expression of the statement):
 * levels of the member track in order, each reached once the exp reaches the sum of `next_need_exp` of the levels
 * below it; 0 when no level is configured. Kept in SQL so a grant updates exp and level in one statement.
 */
export function levelOfExpSql(expExpression: string): string {
  return `COALESCE((SELECT c.level FROM (
      SELECT level, COALESCE(SUM(next_need_exp) OVER (ORDER BY level ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS need
      FROM member_level_config WHERE level_type = '${MEMBER_LEVEL_TYPE}'
    ) c WHERE c.need <= ${expExpression} ORDER BY c.level DESC LIMIT 1), 0)`;
}

export interface LevelStep {
  level: number;
  levelName: string;
  nextNeedExp: number;
}

/** Where an amount of exp stands on the member track (the rule of levelOfExpSql): its level and the next one. */
export function levelProgress(
  steps: LevelStep[],
  exp: number,
): { level: number; levelName: string; nextLevel: number | null; nextLevelExp: number | null } {
  const sorted = [...steps].sort((a, b) => a.level - b.level);
  let need = 0; // threshold of sorted[i] while looping, then of the level after the reached one
  let reached = -1;
  for (let i = 0; i < sorted.length && need <= exp; i++) {
    reached = i;
    need += sorted[i].nextNeedExp;
  }
  const current = sorted[reached];
  const next = sorted[reached + 1];
  return {
    level: current?.level ?? 0,
    levelName: current?.levelName ?? '',
    nextLevel: next?.level ?? null,
    nextLevelExp: next ? need : null,
  };
}
