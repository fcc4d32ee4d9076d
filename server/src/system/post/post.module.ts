import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PostController } from './post.controller';
import './post.messages';
import { PostService } from './post.service';
import { SysPost } from './sys-post.entity';

/** Post management (`/system/post`) and the post picker. */
@Module({
  imports: [TypeOrmModule.forFeature([SysPost])],
  controllers: [PostController],
  providers: [PostService],
  exports: [PostService],
})
export class PostModule {}
