import { ApiProperty } from '@nestjs/swagger';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One recorded write operation (`sys_oper_log`): who did what, with which parameters, and how it ended. */
@Entity('sys_oper_log')
export class SysOperLog {
  @ApiProperty({ description: 'bigint as string' })
  @PrimaryGeneratedColumn('identity', { name: 'oper_id', type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  operId: string;

  @ApiProperty({ description: 'Module title, e.g. 用户管理' })
  @Column({ type: 'varchar', length: 50, default: '' })
  title: string;

  @ApiProperty({ description: 'Dict sys_oper_type: 0 other, 1 add, 2 edit, 3 delete, 4 grant, 5 export, 6 import, 7 force, 8 gencode, 9 clean' })
  @Column({ name: 'business_type', type: 'int', default: 0 })
  businessType: number;

  @ApiProperty({ description: 'ControllerName.handlerName' })
  @Column({ type: 'varchar', length: 200, default: '' })
  method: string;

  @ApiProperty({ example: 'POST' })
  @Column({ name: 'request_method', type: 'varchar', length: 10, default: '' })
  requestMethod: string;

  @ApiProperty()
  @Column({ name: 'oper_name', type: 'varchar', length: 50, default: '' })
  operName: string;

  @ApiProperty()
  @Column({ name: 'dept_name', type: 'varchar', length: 50, default: '' })
  deptName: string;

  @ApiProperty({ description: 'Path without the query string' })
  @Column({ name: 'oper_url', type: 'varchar', length: 255, default: '' })
  operUrl: string;

  @ApiProperty()
  @Column({ name: 'oper_ip', type: 'varchar', length: 128, default: '' })
  operIp: string;

  @ApiProperty({ description: 'JSON of path, query and body parameters, secrets masked, at most 2000 characters' })
  @Column({ name: 'oper_param', type: 'text', default: '' })
  operParam: string;

  @ApiProperty({ description: 'JSON of the answer, secrets masked, at most 2000 characters' })
  @Column({ name: 'json_result', type: 'text', default: '' })
  jsonResult: string;

  @ApiProperty({ description: '0 success, 1 failure' })
  @Column({ type: 'int', default: 0 })
  status: number;

  @ApiProperty()
  @Column({ name: 'error_msg', type: 'text', default: '' })
  errorMsg: string;

  @ApiProperty()
  @Column({ name: 'oper_time', type: 'timestamptz', default: () => 'now()' })
  operTime: Date;

  @ApiProperty({ description: 'Milliseconds' })
  @Column({ name: 'cost_time', type: 'int', default: 0 })
  costTime: number;
}
