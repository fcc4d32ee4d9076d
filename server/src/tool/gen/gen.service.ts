import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { zipSync, strToU8 } from 'fflate';
import { In, type DataSource, type EntityManager } from 'typeorm';
import type { PageResult } from '@zhiwen/shared';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { paginate, pageWindow } from '../../common/paging/paginate';
import { escapeLike } from '../../database/sql-helpers';
import { IDENTIFIER, type GenQueryDto, type UpdateGenTableDto } from './gen.dto';
import { GenTable, GenTableColumn } from './gen-table.entity';
import { columnDefaults, tableDefaults, type DbColumn } from './gen-defaults';
import { renderAll } from './templates';

const likeContains = (text: string) => `%${escapeLike(text)}%`;

/** A table with its column settings, as the edit page loads it. */
export interface GenTableDetail {
  info: GenTable;
  rows: GenTableColumn[];
}

/**
 * Code generation (RuoYi's 代码生成): tables of the public schema are imported with their columns, their names and
 * column settings are edited, and files following this project's conventions are previewed or downloaded as a zip.
 */
@Injectable()
export class GenService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  list(query: GenQueryDto): Promise<PageResult<GenTable>> {
    const qb = this.dataSource.getRepository(GenTable).createQueryBuilder('g');
    if (query.tableName) qb.andWhere('g.table_name ILIKE :tableName', { tableName: likeContains(query.tableName) });
    if (query.tableComment) qb.andWhere('g.table_comment ILIKE :tableComment', { tableComment: likeContains(query.tableComment) });
    return paginate(qb, query, {
      sortable: { tableId: 'g.table_id', tableName: 'g.table_name', createTime: 'g.create_time' },
      defaultOrder: { 'g.table_id': 'DESC' },
    });
  }

  /** Base tables of the public schema not imported yet (our own system tables included: importing one is allowed). */
  async dbList(query: GenQueryDto): Promise<PageResult<{ tableName: string; tableComment: string }>> {
    const where = [
      `t.table_schema = 'public'`,
      `t.table_type = 'BASE TABLE'`,
      `NOT EXISTS (SELECT 1 FROM gen_table g WHERE g.table_name = t.table_name)`,
    ];
    const params: unknown[] = [];
    if (query.tableName) {
      params.push(likeContains(query.tableName));
      where.push(`t.table_name ILIKE $${params.length}`);
    }
    if (query.tableComment) {
      params.push(likeContains(query.tableComment));
      where.push(`obj_description(to_regclass(quote_ident(t.table_name)), 'pg_class') ILIKE $${params.length}`);
    }
    const from = `FROM information_schema.tables t WHERE ${where.join(' AND ')}`;
    const { skip, take } = pageWindow(query);
    const rows: Array<{ tableName: string; tableComment: string | null }> = await this.dataSource.query(
      `SELECT t.table_name AS "tableName", obj_description(to_regclass(quote_ident(t.table_name)), 'pg_class') AS "tableComment"
       ${from} ORDER BY t.table_name LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total ${from}`, params);
    return { rows: rows.map((r) => ({ tableName: r.tableName, tableComment: r.tableComment ?? '' })), total };
  }

  /** Imports the tables with default names and column settings; refused, all or none, when one is missing or imported. */
  async importTables(caller: LoginUser, tableNames: string[]): Promise<GenTable[]> {
    return this.dataSource.transaction(async (m) => {
      const imported = [];
      for (const tableName of [...new Set(tableNames)]) {
        const comment = await this.tableComment(m, tableName);
        if (comment === undefined) throw new ServiceException('gen.tableMissing', { tableName });
        if (await m.existsBy(GenTable, { tableName })) throw new ServiceException('gen.tableImported', { tableName });
        const table = await m.save(
          m.create(GenTable, { ...tableDefaults(tableName, comment), createBy: caller.userName, updateBy: caller.userName }),
        );
        const columns = await this.dbColumns(m, tableName);
        await m.save(columns.map((c, i) => m.create(GenTableColumn, { ...columnDefaults(c), tableId: table.tableId, sort: i + 1 })));
        imported.push(table);
      }
      return imported;
    });
  }

  async get(tableId: string): Promise<GenTableDetail> {
    const info = await this.dataSource.getRepository(GenTable).findOne({ where: { tableId } });
    if (!info) throw ServiceException.notFound('gen.notFound');
    const rows = await this.dataSource.getRepository(GenTableColumn).find({ where: { tableId }, order: { sort: 'ASC', columnId: 'ASC' } });
    return { info, rows };
  }

  /** Saves the names and the column settings; columns not of this table are refused, property names must be distinct. */
  async update(caller: LoginUser, dto: UpdateGenTableDto): Promise<GenTableDetail> {
    await this.dataSource.transaction(async (m) => {
      const table = await m.findOne(GenTable, { where: { tableId: dto.tableId }, lock: { mode: 'pessimistic_write' } });
      if (!table) throw ServiceException.notFound('gen.notFound');
      const columns = await m.find(GenTableColumn, { where: { tableId: dto.tableId } });
      const byId = new Map(columns.map((c) => [c.columnId, c]));
      const seen = new Set<string>();
      for (const c of dto.columns) {
        if (!byId.has(c.columnId)) throw new ServiceException('gen.columnNotOfTable', { columnId: c.columnId });
        if (seen.has(c.fieldName)) throw new ServiceException('gen.fieldTwice', { fieldName: c.fieldName });
        seen.add(c.fieldName);
      }
      Object.assign(table, {
        className: dto.className,
        moduleName: dto.moduleName,
        businessName: dto.businessName,
        functionName: dto.functionName,
        permPrefix: dto.permPrefix,
        tableComment: dto.tableComment ?? table.tableComment,
        remark: dto.remark ?? table.remark,
        updateBy: caller.userName,
      });
      await m.save(table);
      for (const c of dto.columns) {
        const column = byId.get(c.columnId)!;
        Object.assign(column, {
          columnComment: c.columnComment ?? column.columnComment,
          fieldName: c.fieldName,
          tsType: c.tsType,
          isRequired: c.isRequired,
          isEdit: c.isEdit,
          isList: c.isList,
          isQuery: c.isQuery,
          queryType: c.queryType,
          htmlType: c.htmlType,
          dictType: c.dictType ?? '',
        });
      }
      await m.save(dto.columns.map((c) => byId.get(c.columnId)!));
    });
    return this.get(dto.tableId);
  }

  async remove(tableIds: string[]): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const found = await m.countBy(GenTable, { tableId: In(tableIds) });
      if (found !== new Set(tableIds).size) throw ServiceException.notFound('gen.notFound');
      await m.delete(GenTable, { tableId: In(tableIds) });
    });
  }

  /** Re-reads the table's columns: settings of columns still there are kept, new ones get defaults, dropped ones go. */
  async sync(tableName: string): Promise<GenTableDetail> {
    const tableId = await this.dataSource.transaction(async (m) => {
      const table = await m.findOne(GenTable, { where: { tableName }, lock: { mode: 'pessimistic_write' } });
      if (!table) throw ServiceException.notFound('gen.notFound');
      if ((await this.tableComment(m, tableName)) === undefined) throw new ServiceException('gen.tableMissing', { tableName });
      const db = await this.dbColumns(m, tableName);
      const kept = await m.find(GenTableColumn, { where: { tableId: table.tableId } });
      const byName = new Map(kept.map((c) => [c.columnName, c]));
      const names = new Set(db.map((c) => c.columnName));
      const gone = kept.filter((c) => !names.has(c.columnName)).map((c) => c.columnId);
      if (gone.length) await m.delete(GenTableColumn, { columnId: In(gone) });
      await m.save(
        db.map((c, i) => {
          const old = byName.get(c.columnName);
          const fresh = columnDefaults(c);
          return old
            ? Object.assign(old, {
                columnType: fresh.columnType,
                maxLength: fresh.maxLength,
                isPk: fresh.isPk,
                isIncrement: fresh.isIncrement,
                sort: i + 1,
              })
            : m.create(GenTableColumn, { ...fresh, tableId: table.tableId, sort: i + 1 });
        }),
      );
      return table.tableId;
    });
    return this.get(tableId);
  }

  /** Every generated file of the table by its path in the repository. */
  async preview(tableId: string): Promise<Record<string, string>> {
    const { info, rows } = await this.get(tableId);
    this.checkNames(info, rows);
    return renderAll(info, rows);
  }

  /** A zip of the generated files of the tables (by name), each under its repository path. */
  async zip(tableNames: string[]): Promise<Uint8Array> {
    const files: Record<string, Uint8Array> = {};
    for (const tableName of [...new Set(tableNames)]) {
      const table = await this.dataSource.getRepository(GenTable).findOne({ where: { tableName } });
      if (!table) throw ServiceException.notFound('gen.notFound');
      for (const [path, text] of Object.entries(await this.preview(table.tableId))) files[path] = strToU8(text);
    }
    return zipSync(files);
  }

  async tableNameOf(tableId: string): Promise<string> {
    return (await this.get(tableId)).info.tableName;
  }

  /** Names written before validation existed (or straight into the table) are checked again before they reach code. */
  private checkNames(table: GenTable, columns: GenTableColumn[]): void {
    for (const name of [table.className, table.moduleName, table.businessName, ...columns.map((c) => c.fieldName)]) {
      if (!IDENTIFIER.test(name)) throw new ServiceException('gen.identifier', { value: name });
    }
    for (const name of [table.tableName, ...columns.map((c) => c.columnName)]) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new ServiceException('gen.identifier', { value: name });
    }
    if (!columns.some((c) => c.isPk)) throw new ServiceException('gen.noPrimaryKey', { tableName: table.tableName });
  }

  /** The table's comment ('' when none), or undefined when the public schema has no such base table. */
  private async tableComment(m: EntityManager, tableName: string): Promise<string | undefined> {
    const rows: Array<{ comment: string | null }> = await m.query(
      `SELECT obj_description(to_regclass(quote_ident(table_name)), 'pg_class') AS comment FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name = $1`,
      [tableName],
    );
    return rows.length ? (rows[0].comment ?? '') : undefined;
  }

  private dbColumns(m: EntityManager, tableName: string): Promise<DbColumn[]> {
    return m.query(
      `SELECT c.column_name AS "columnName", c.udt_name AS "udtName", c.character_maximum_length AS "maxLength",
              c.is_nullable = 'YES' AS nullable, c.column_default IS NOT NULL AS "hasDefault",
              (c.is_identity = 'YES' OR coalesce(c.column_default, '') LIKE 'nextval(%') AS increment,
              coalesce(col_description(to_regclass(quote_ident(c.table_name)), c.ordinal_position::int), '') AS comment,
              EXISTS (SELECT 1 FROM information_schema.table_constraints tc
                      JOIN information_schema.key_column_usage k ON k.constraint_name = tc.constraint_name AND k.table_schema = tc.table_schema
                      WHERE tc.table_schema = 'public' AND tc.table_name = c.table_name AND tc.constraint_type = 'PRIMARY KEY'
                        AND k.column_name = c.column_name) AS pk
       FROM information_schema.columns c WHERE c.table_schema = 'public' AND c.table_name = $1 ORDER BY c.ordinal_position`,
      [tableName],
    );
  }
}
