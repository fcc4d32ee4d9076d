import type { Pool } from 'pg';

/**
 * Stored values of records by data id, whatever their model (field code -> value; several models' values merged in
 * update order). For readers on a raw pool such as the publish read model, which must not know the table.
 */
export async function readXModelValues(pool: Pool, dataType: string, dataIds: string[]): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  if (!dataIds.length) return found;
  const { rows } = await pool.query<{ id: string; data: Record<string, unknown> }>(
    `SELECT data_id AS id, data FROM x_model_data WHERE data_type = $1 AND data_id = ANY($2::text[]) ORDER BY update_time`,
    [dataType, dataIds.map(String)],
  );
  for (const r of rows) found.set(r.id, { ...(found.get(r.id) ?? {}), ...r.data });
  return found;
}

/** Whether any record of `dataType` has stored values (an index look-up): readers of many lists skip their reads when none has. */
export async function hasXModelValues(pool: Pool, dataType: string): Promise<boolean> {
  const { rows } = await pool.query<{ found: boolean }>(`SELECT EXISTS (SELECT 1 FROM x_model_data WHERE data_type = $1) AS found`, [dataType]);
  return rows[0].found;
}
