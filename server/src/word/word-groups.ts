import type { EntityManager } from 'typeorm';

/** Word counts of groups: `{groupId: count}` for the given groups of a words table. */
export async function wordTotals(m: EntityManager, table: 'cms_tag_word' | 'cms_hot_word', groupIds: string[]): Promise<Map<string, number>> {
  if (!groupIds.length) return new Map();
  const rows: Array<{ group_id: string; n: number }> = await m.query(
    `SELECT group_id::text AS group_id, count(*)::int AS n FROM ${table} WHERE group_id = ANY($1::bigint[]) GROUP BY group_id`,
    [groupIds],
  );
  return new Map(rows.map((r) => [r.group_id, r.n]));
}
