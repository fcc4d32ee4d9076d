import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayNotEmpty, IsArray, IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../common/paging/page-query.dto';
import { LIBRARY_KINDS, type LibraryKind } from '../../library/check-library.constants';
import { TASK_STATUSES, type TaskStatus } from '../check-task.constants';

const ID = /^[1-9]\d{0,17}$/;

export class TaskQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the title or file name' }) @IsOptional() @IsString() @MaxLength(200) title?: string;
  @ApiPropertyOptional({ enum: TASK_STATUSES }) @IsOptional() @IsIn(TASK_STATUSES) status?: TaskStatus;
  @ApiPropertyOptional() @IsOptional() @Matches(ID) memberId?: string;
}

/** Form fields of a check (the paper itself is the multipart part `file`). */
export class SubmitTaskDto {
  @ApiPropertyOptional({ description: 'Title shown on the report (default: from the paper)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  title?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) author?: string;
  @ApiPropertyOptional({ description: 'Whose paper (their own earlier papers are reported apart)' }) @IsOptional() @Matches(ID) memberId?: string;
  @ApiPropertyOptional({ type: [String], enum: LIBRARY_KINDS, description: 'Library kinds searched (default: all); a comma list in a form' })
  @IsOptional()
  @Transform(({ value }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : value,
  )
  @IsArray()
  @ArrayNotEmpty()
  @IsIn(LIBRARY_KINDS, { each: true })
  libraryKinds?: LibraryKind[];
  @ApiPropertyOptional({ description: 'Add the paper to the self-built library once checked' })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  selfConsent?: boolean;
}

/** A check as the API answers it. */
export class TaskDto {
  @ApiProperty() taskId: string;
  @ApiProperty() title: string;
  @ApiProperty() author: string;
  @ApiProperty() fileName: string;
  @ApiProperty() fileSize: number;
  @ApiProperty() fileMd5: string;
  @ApiProperty({ nullable: true }) memberId: string | null;
  @ApiProperty({ type: [String] }) libraryKinds: string[];
  @ApiProperty() selfConsent: boolean;
  @ApiProperty({ enum: TASK_STATUSES }) status: TaskStatus;
  @ApiProperty({ description: '0-100' }) progress: number;
  @ApiProperty({ description: 'parse, match, aigc, report or done while running' }) stage: string;
  @ApiProperty() attempts: number;
  @ApiProperty({ description: 'Counted characters of the paper' }) charCount: number;
  @ApiProperty({ nullable: true, description: 'Total copy ratio (0-1)' }) totalRatio: number | null;
  @ApiProperty({ nullable: true }) ratioExcludingCited: number | null;
  @ApiProperty({ nullable: true }) ratioExcludingSelf: number | null;
  @ApiProperty({ nullable: true }) largestSourceRatio: number | null;
  @ApiProperty({ nullable: true, description: 'AI feature value (0-1), indicative' }) aigcScore: number | null;
  @ApiProperty({ description: 'Why the check failed, in the request language; empty otherwise' }) errorMessage: string;
  @ApiProperty({ nullable: true }) startTime: Date | null;
  @ApiProperty({ nullable: true }) finishTime: Date | null;
  @ApiProperty() createBy: string;
  @ApiProperty() createTime: Date;
}
