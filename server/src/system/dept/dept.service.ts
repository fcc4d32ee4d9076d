import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { LoginUser } from '../../auth/login-user';
import { ServiceException } from '../../common/errors/service-exception';
import { withUniqueMessages } from '../../database/sql-helpers';
import { DataScopeService } from '../role/data-scope.service';
import { buildDeptTree, type DeptTreeNode } from './dept-tree';
import type { CreateDeptDto, DeptQueryDto, UpdateDeptDto } from './dept.dto';
import { SysDept } from './sys-dept.entity';

const ENABLED = '0';
const DISABLED = '1';
/** `del_flag` of a live row, and of a deleted one (RuoYi deletes departments logically). */
const LIVE = '0';
const DELETED = '2';

/** Escapes LIKE wildcards (backslash is PostgreSQL's default escape) so "50%" finds exactly that text. */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The ids of a department's ancestors, from its `ancestors` text ('0' is the virtual root, not a row). */
const ancestorIds = (dept: SysDept) => dept.ancestors.split(',').filter((id) => id && id !== '0');

/** An optional text field of a write: absent keeps the current value, null or '' clears it. */
const textOr = (value: string | null | undefined, current: string) => (value === undefined ? current : (value ?? ''));

/**
 * Departments: a tree kept as `parent_id` plus the `ancestors` path of every row, so subtree and data-scope
 * queries need no recursion. Every structural change holds one transaction-scoped lock, so concurrent moves cannot
 * leave a path pointing at a stale parent.
 */
@Injectable()
export class DeptService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly dataScope: DataScopeService,
  ) {}

  /** The departments the caller may see, filtered, ordered by parent then display order. */
  async list(caller: LoginUser, query: DeptQueryDto = {}): Promise<SysDept[]> {
    const qb = this.dataSource.getRepository(SysDept).createQueryBuilder('d').where('d.del_flag = :live', { live: LIVE });
    if (query.deptName) qb.andWhere('d.dept_name ILIKE :deptName', { deptName: likeContains(query.deptName) });
    if (query.status) qb.andWhere('d.status = :status', { status: query.status });
    await this.dataScope.apply(qb, caller, { dept: 'd.dept_id' });
    return qb.orderBy('d.parentId', 'ASC').addOrderBy('d.orderNum', 'ASC').addOrderBy('d.deptId', 'ASC').getMany();
  }

  /** The departments a department may be moved under: all visible ones except itself and its descendants. */
  async listExcluding(caller: LoginUser, deptId: string): Promise<SysDept[]> {
    const all = await this.list(caller);
    return all.filter((d) => d.deptId !== deptId && !ancestorIds(d).includes(deptId));
  }

  /** The department tree the caller may see, in the RuoYi tree-select shape. */
  async tree(caller: LoginUser, query: DeptQueryDto = {}): Promise<DeptTreeNode[]> {
    return buildDeptTree(await this.list(caller, query));
  }

  /** One department with its parent's name; refused outside the caller's data scope. */
  async get(caller: LoginUser, deptId: string): Promise<SysDept & { parentName: string }> {
    const m = this.dataSource.manager;
    const dept = await this.find(m, deptId);
    await this.assertInScope(m, caller, deptId);
    const parent = dept.parentId === '0' ? null : await m.findOne(SysDept, { where: { deptId: dept.parentId } });
    return Object.assign(dept, { parentName: parent?.deptName ?? '' });
  }

  /** Adds a department under an existing, enabled parent the caller may see. */
  async create(caller: LoginUser, dto: CreateDeptDto): Promise<SysDept> {
    return this.nameFreeOr(dto.deptName, () =>
      this.inLockedTransaction(async (m) => {
        const parent = await m.findOne(SysDept, { where: { deptId: dto.parentId, delFlag: LIVE } });
        if (!parent) throw new ServiceException('dept.parentNotFound');
        await this.assertInScope(m, caller, parent.deptId);
        if (parent.status === DISABLED) throw new ServiceException('dept.parentDisabled', { deptName: parent.deptName });
        const dept = m.create(SysDept, {
          parentId: parent.deptId,
          ancestors: `${parent.ancestors},${parent.deptId}`,
          deptName: dto.deptName,
          orderNum: dto.orderNum,
          leader: dto.leader ?? '',
          phone: dto.phone ?? '',
          email: dto.email ?? '',
          status: dto.status ?? ENABLED,
          createBy: caller.userName,
          updateBy: caller.userName,
        });
        return m.save(dept);
      }),
    );
  }

  /**
   * Changes a department. Moving it rewrites the ancestors of its whole subtree; disabling needs every descendant
   * disabled first; an enabled department enables its ancestors (an enabled unit cannot sit in a disabled one).
   */
  async update(caller: LoginUser, dto: UpdateDeptDto): Promise<SysDept> {
    return this.nameFreeOr(dto.deptName, () =>
      this.inLockedTransaction(async (m) => {
        const dept = await this.find(m, dto.deptId);
        await this.assertInScope(m, caller, dept.deptId);
        if (dto.parentId === dept.deptId) throw new ServiceException('dept.parentSelf', { deptName: dept.deptName });
        const status = dto.status ?? dept.status;
        const oldAncestors = dept.ancestors;
        if (dto.parentId !== dept.parentId) {
          const parent = await m.findOne(SysDept, { where: { deptId: dto.parentId, delFlag: LIVE } });
          if (!parent) throw new ServiceException('dept.parentNotFound');
          await this.assertInScope(m, caller, parent.deptId);
          if (ancestorIds(parent).includes(dept.deptId)) throw new ServiceException('dept.parentDescendant', { deptName: dept.deptName });
          if (parent.status === DISABLED && status === ENABLED) {
            throw new ServiceException('dept.parentDisabledMove', { deptName: parent.deptName });
          }
          dept.parentId = parent.deptId;
          dept.ancestors = `${parent.ancestors},${parent.deptId}`;
        }
        if (status === DISABLED && (await this.hasEnabledDescendants(m, dept.deptId))) {
          throw new ServiceException('dept.hasEnabledChildren', { deptName: dept.deptName });
        }
        Object.assign(dept, {
          deptName: dto.deptName,
          orderNum: dto.orderNum,
          leader: textOr(dto.leader, dept.leader),
          phone: textOr(dto.phone, dept.phone),
          email: textOr(dto.email, dept.email),
          status,
          updateBy: caller.userName,
        });
        const saved = await m.save(dept);
        if (dept.ancestors !== oldAncestors) await this.rewriteSubtreeAncestors(m, dept.deptId, oldAncestors, dept.ancestors);
        if (status === ENABLED) await this.enableAncestors(m, dept, caller.userName);
        return saved;
      }),
    );
  }

  /** Deletes (logically) a department without sub-departments or users. */
  async remove(caller: LoginUser, deptId: string): Promise<void> {
    await this.inLockedTransaction(async (m) => {
      const dept = await this.find(m, deptId);
      await this.assertInScope(m, caller, deptId);
      if (await m.exists(SysDept, { where: { parentId: deptId, delFlag: LIVE } })) {
        throw new ServiceException('dept.hasChildren', { deptName: dept.deptName });
      }
      const users = await m.query(`SELECT 1 FROM sys_user WHERE dept_id = $1 AND del_flag = '0' LIMIT 1`, [deptId]);
      if (users.length) throw new ServiceException('dept.hasUsers', { deptName: dept.deptName });
      await m.update(SysDept, { deptId }, { delFlag: DELETED, updateBy: caller.userName });
    });
  }

  /** Tree writes take turns, so a move, a delete and a new child cannot interleave (names are left to the unique index). */
  private async inLockedTransaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('sys_dept'))`);
      return work(m);
    });
  }

  private async find(m: EntityManager, deptId: string): Promise<SysDept> {
    const dept = await m.findOne(SysDept, { where: { deptId, delFlag: LIVE } });
    if (!dept) throw ServiceException.notFound('dept.notFound');
    return dept;
  }

  private async assertInScope(m: EntityManager, caller: LoginUser, deptId: string): Promise<void> {
    const qb = m.getRepository(SysDept).createQueryBuilder('d').where('d.dept_id = :deptId', { deptId });
    await this.dataScope.apply(qb, caller, { dept: 'd.dept_id' });
    if (!(await qb.getExists())) throw ServiceException.forbidden('dept.outOfScope');
  }

  /** Runs a write, turning a clash with a sibling's name (unique index `uq_sys_dept_name`) into its message. */
  private nameFreeOr<T>(deptName: string, write: () => Promise<T>): Promise<T> {
    return withUniqueMessages(write, { uq_sys_dept_name: () => new ServiceException('dept.nameTaken', { deptName }) });
  }

  private async hasEnabledDescendants(m: EntityManager, deptId: string): Promise<boolean> {
    const rows = await m.query(
      `SELECT 1 FROM sys_dept WHERE del_flag = '0' AND status = '0' AND $1::text = ANY (string_to_array(ancestors, ',')) LIMIT 1`,
      [deptId],
    );
    return rows.length > 0;
  }

  /** Replaces the old path prefix of every descendant (deleted ones too, so a path never dangles). */
  private async rewriteSubtreeAncestors(m: EntityManager, deptId: string, oldAncestors: string, newAncestors: string): Promise<void> {
    const oldPrefix = `${oldAncestors},${deptId}`;
    const newPrefix = `${newAncestors},${deptId}`;
    await m.query(
      `UPDATE sys_dept SET ancestors = $2 || substr(ancestors, length($1) + 1)
       WHERE ancestors = $1 OR left(ancestors, length($1) + 1) = $1 || ','`,
      [oldPrefix, newPrefix],
    );
  }

  private async enableAncestors(m: EntityManager, dept: SysDept, userName: string): Promise<void> {
    const ids = ancestorIds(dept);
    if (!ids.length) return;
    await m.query(`UPDATE sys_dept SET status = '0', update_by = $2, update_time = now() WHERE dept_id = ANY ($1::bigint[]) AND status = '1'`, [
      ids,
      userName,
    ]);
  }
}
