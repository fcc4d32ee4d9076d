import { Module } from '@nestjs/common';
import { MemberExpService } from './member-exp.service';

/** Granting experience, without the member screens: what other modules (check orders, also in workers) import. */
@Module({
  providers: [MemberExpService],
  exports: [MemberExpService],
})
export class MemberExpModule {}
