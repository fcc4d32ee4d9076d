import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GenController } from './gen.controller';
import './gen.messages';
import { GenService } from './gen.service';
import { GenTable, GenTableColumn } from './gen-table.entity';

/** Code generation (`/tool/gen`): import tables, edit their names and columns, preview and download the code. */
@Module({
  imports: [TypeOrmModule.forFeature([GenTable, GenTableColumn])],
  controllers: [GenController],
  providers: [GenService],
})
export class GenModule {}
