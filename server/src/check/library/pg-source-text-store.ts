// Source texts of the comparison libraries (check_document_text), where the duplicate detector reads the documents
// it aligns with. No NestJS here, like PgFingerprintIndex.
import type { SourceTextStore } from '../engine/match/detector';
import type { PgExecutor } from './pg-fingerprint-index';

/** Texts by engine document id. A text belongs to a `check_document` row: `put` needs the row to exist. */
export class PgSourceTextStore implements SourceTextStore {
  constructor(private readonly db: PgExecutor) {}

  async get(docId: number): Promise<string | undefined> {
    const { rows } = await this.db.query<{ text: string }>('SELECT text FROM check_document_text WHERE doc_id = $1', [docId]);
    return rows[0]?.text;
  }

  /** Several texts in one round trip (the engine's interface reads one at a time). */
  async getMany(docIds: readonly number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    if (!docIds.length) return out;
    const { rows } = await this.db.query<{ doc_id: number; text: string }>(
      'SELECT doc_id, text FROM check_document_text WHERE doc_id = ANY($1::int4[])',
      [[...docIds]],
    );
    for (const row of rows) out.set(row.doc_id, row.text);
    return out;
  }

  async put(docId: number, text: string): Promise<void> {
    await this.db.query(`INSERT INTO check_document_text (doc_id, text) VALUES ($1, $2) ON CONFLICT (doc_id) DO UPDATE SET text = EXCLUDED.text`, [
      docId,
      text,
    ]);
  }

  async delete(docId: number): Promise<void> {
    await this.db.query('DELETE FROM check_document_text WHERE doc_id = $1', [docId]);
  }
}
