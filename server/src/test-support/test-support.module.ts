import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { TestSupportController } from './test-support.controller';

/** Only in NODE_ENV=test: routes that let automated browser tests act like a person. Never mounted in production. */
@Module({ imports: [AuthModule], controllers: [TestSupportController] })
export class TestSupportModule {}
