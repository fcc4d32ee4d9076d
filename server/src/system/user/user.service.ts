import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { SysDept } from '../dept/sys-dept.entity';
import type { SysRole } from '../role/sys-role.entity';
import { SysUser } from './sys-user.entity';

export type UserWithPassword = SysUser & { password: string };

/** Staff accounts: what identity and administration need of them. */
@Injectable()
export class UserService {
  constructor(
    @InjectRepository(SysUser) private readonly users: Repository<SysUser>,
    @InjectRepository(SysDept) private readonly depts: Repository<SysDept>,
  ) {}

  /** The account whose name, email or phone is `identifier` (case-insensitive), with its password hash. */
  async findForLogin(identifier: string): Promise<UserWithPassword | null> {
    const id = identifier.trim();
    if (!id) return null;
    return (await this.users
      .createQueryBuilder('u')
      .addSelect('u.password')
      .where("u.del_flag = '0'")
      .andWhere(
        "(lower(u.user_name) = lower(:id) OR (u.email <> '' AND lower(u.email) = lower(:id)) OR (u.phonenumber <> '' AND u.phonenumber = :id))",
        { id },
      )
      .orderBy('u.user_id')
      .getOne()) as UserWithPassword | null;
  }

  /** Enabled roles of a user. */
  async rolesOf(userId: string): Promise<SysRole[]> {
    const user = await this.users
      .createQueryBuilder('u')
      .leftJoinAndSelect('u.roles', 'r', "r.status = '0' AND r.del_flag = '0'")
      .where('u.user_id = :userId', { userId })
      .getOne();
    return (user?.roles ?? []).sort((a, b) => a.roleSort - b.roleSort);
  }

  /** The (not deleted) account named `userName`, in any case. */
  async findByName(userName: string): Promise<SysUser | null> {
    return this.users.createQueryBuilder('u').where("u.del_flag = '0'").andWhere('lower(u.user_name) = lower(:userName)', { userName }).getOne();
  }

  /** Lifts a lock left by wrong passwords. */
  async unlock(userId: string): Promise<void> {
    await this.users.update({ userId }, { lockEndTime: null });
  }

  async findById(userId: string): Promise<SysUser | null> {
    return this.users.findOne({ where: { userId, delFlag: '0' } });
  }

  async deptOf(deptId: string | null): Promise<SysDept | null> {
    return deptId ? this.depts.findOne({ where: { deptId } }) : null;
  }

  async recordLogin(userId: string, ip: string): Promise<void> {
    await this.users.update({ userId }, { loginIp: ip, loginDate: new Date(), lockEndTime: null });
  }

  async lockUntil(userId: string, until: Date): Promise<void> {
    await this.users.update({ userId }, { lockEndTime: until });
  }

  async disable(userId: string): Promise<void> {
    await this.users.update({ userId }, { status: '1' });
  }
}
