import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SystemModule } from '../system.module';
import { DeptController } from './dept.controller';
import './dept.messages';
import { DeptService } from './dept.service';
import { SysDept } from './sys-dept.entity';

/** Department management (`/system/dept`) and the department tree other screens pick from. */
@Module({
  imports: [TypeOrmModule.forFeature([SysDept]), SystemModule],
  controllers: [DeptController],
  providers: [DeptService],
  exports: [DeptService],
})
export class DeptModule {}
