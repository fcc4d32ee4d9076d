import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Unique indexes for the names the services used to check with a SELECT before writing (which two concurrent saves
 * could both pass): now the index decides and the service translates the violation into its message. Soft-deleted
 * rows (`del_flag <> '0'`) do not hold a name.
 */
export class UniqueNames1795615281426 implements MigrationInterface {
  name = 'UniqueNames1795615281426';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE UNIQUE INDEX uq_sys_role_name ON sys_role (role_name) WHERE del_flag = '0'`);
    await q.query(`CREATE UNIQUE INDEX uq_sys_post_name ON sys_post (post_name)`);
    await q.query(`CREATE UNIQUE INDEX uq_sys_dept_name ON sys_dept (parent_id, dept_name) WHERE del_flag = '0'`);
    await q.query(`CREATE UNIQUE INDEX uq_sys_menu_name ON sys_menu (parent_id, menu_name)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX uq_sys_menu_name`);
    await q.query(`DROP INDEX uq_sys_dept_name`);
    await q.query(`DROP INDEX uq_sys_post_name`);
    await q.query(`DROP INDEX uq_sys_role_name`);
  }
}
