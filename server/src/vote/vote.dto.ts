import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDateString,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { PageQueryDto } from '../common/paging/page-query.dto';
import {
  VOTE_ITEM_TYPES,
  VOTE_STATUSES,
  VOTE_SUBJECT_TYPES,
  VOTE_USER_TYPES,
  VOTE_VIEW_TYPES,
  type VoteItemType,
  type VoteStatus,
  type VoteSubjectType,
  type VoteUserType,
  type VoteViewType,
} from './vote.entity';

const ID = /^[1-9]\d{0,17}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);
import { VOTE_CODE } from './vote-widget';

export { VOTE_CODE };
/** Longest answer to a text subject. */
export const VOTE_TEXT_MAX = 500;
/** Most subjects of a vote and items of a subject. */
export const VOTE_MAX_SUBJECTS = 100;
export const VOTE_MAX_ITEMS = 100;

export class VoteQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the title' }) @IsOptional() @IsString() @MaxLength(200) title?: string;
  @ApiPropertyOptional({ description: 'Part of the code' }) @IsOptional() @IsString() @MaxLength(50) code?: string;
  @ApiPropertyOptional({ enum: VOTE_STATUSES }) @IsOptional() @IsIn(VOTE_STATUSES) status?: VoteStatus;
  @ApiPropertyOptional({ enum: VOTE_USER_TYPES }) @IsOptional() @IsIn(VOTE_USER_TYPES) userType?: VoteUserType;
}

export class CreateVoteDto {
  @ApiProperty({ description: 'A letter, then letters, digits, underscore; unique regardless of case', maxLength: 50 })
  @Transform(trimmed)
  @IsString({ message: 'vote.codeFormat' })
  @Matches(VOTE_CODE, { message: 'vote.codeFormat' })
  code: string;
  @ApiProperty({ maxLength: 200 })
  @Transform(trimmed)
  @IsString({ message: 'vote.titleRequired' })
  @IsNotEmpty({ message: 'vote.titleRequired' })
  @MaxLength(200, { message: 'vote.titleRequired' })
  title: string;
  @ApiPropertyOptional({ enum: VOTE_STATUSES, default: '0', description: "'0' normal, '1' disabled, '2' closed" })
  @IsOptional()
  @IsIn(VOTE_STATUSES)
  status?: VoteStatus;
  @ApiProperty({ description: 'ISO date-time' }) @IsDateString({}, { message: 'vote.timeRequired' }) startTime: string;
  @ApiProperty({ description: 'ISO date-time, after startTime' }) @IsDateString({}, { message: 'vote.timeRequired' }) endTime: string;
  @ApiProperty({ enum: VOTE_USER_TYPES, description: 'member: signed-in members only, counted per member; ip: anyone, counted per IP address' })
  @IsIn(VOTE_USER_TYPES, { message: 'vote.userTypeInvalid' })
  userType: VoteUserType;
  @ApiProperty({ enum: VOTE_VIEW_TYPES, description: "Results shown to: '0' nobody, '1' a voter after voting, '2' anyone" })
  @IsIn(VOTE_VIEW_TYPES, { message: 'vote.viewTypeInvalid' })
  viewType: VoteViewType;
  @ApiProperty({ minimum: 1, maximum: 10000, description: 'Submissions per voter per day' })
  @IsInt({ message: 'vote.limitInvalid' })
  @Min(1, { message: 'vote.limitInvalid' })
  @Max(10000, { message: 'vote.limitInvalid' })
  dayLimit: number;
  @ApiProperty({ minimum: 1, maximum: 100000, description: 'Submissions per voter in all' })
  @IsInt({ message: 'vote.limitInvalid' })
  @Min(1, { message: 'vote.limitInvalid' })
  @Max(100000, { message: 'vote.limitInvalid' })
  totalLimit: number;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdateVoteDto extends CreateVoteDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) voteId: string;
}

export class VoteSubjectQueryDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) voteId: string;
}

export class CreateVoteSubjectDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) voteId: string;
  @ApiProperty({ enum: VOTE_SUBJECT_TYPES, description: 'radio: single choice, checkbox: multiple choice, input: text' })
  @IsIn(VOTE_SUBJECT_TYPES, { message: 'vote.subjectTypeInvalid' })
  type: VoteSubjectType;
  @ApiProperty({ maxLength: 500 })
  @Transform(trimmed)
  @IsString({ message: 'vote.subjectTitleRequired' })
  @IsNotEmpty({ message: 'vote.subjectTitleRequired' })
  @MaxLength(500, { message: 'vote.subjectTitleRequired' })
  title: string;
  @ApiPropertyOptional({ description: 'Position; by default after the last subject' }) @IsOptional() @IsInt() @Min(0) @Max(999999) sortFlag?: number;
}

export class UpdateVoteSubjectDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) subjectId: string;
  @ApiProperty({ enum: VOTE_SUBJECT_TYPES })
  @IsIn(VOTE_SUBJECT_TYPES, { message: 'vote.subjectTypeInvalid' })
  type: VoteSubjectType;
  @ApiProperty({ maxLength: 500 })
  @Transform(trimmed)
  @IsString({ message: 'vote.subjectTitleRequired' })
  @IsNotEmpty({ message: 'vote.subjectTitleRequired' })
  @MaxLength(500, { message: 'vote.subjectTitleRequired' })
  title: string;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(999999) sortFlag?: number;
}

export class VoteItemInputDto {
  @ApiPropertyOptional({ description: 'An existing item of the subject (kept with its count); absent for a new one' })
  @IsOptional()
  @Transform(idText)
  @Matches(ID, { message: 'error.badId' })
  itemId?: string;
  @ApiPropertyOptional({ enum: VOTE_ITEM_TYPES, default: 'text' }) @IsOptional() @IsIn(VOTE_ITEM_TYPES) type?: VoteItemType;
  @ApiProperty({ maxLength: 500 })
  @Transform(trimmed)
  @IsString({ message: 'vote.itemContentRequired' })
  @IsNotEmpty({ message: 'vote.itemContentRequired' })
  @MaxLength(500, { message: 'vote.itemContentRequired' })
  content: string;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) description?: string;
}

export class SaveVoteItemsDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) subjectId: string;
  @ApiProperty({ type: [VoteItemInputDto], description: 'The subject’s items in order; items left out are deleted' })
  @IsArray()
  @ArrayMaxSize(VOTE_MAX_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => VoteItemInputDto)
  items: VoteItemInputDto[];
}

export class VoteAnswersQueryDto extends PageQueryDto {
  @ApiProperty({ description: 'A text subject' }) @Transform(idText) @Matches(ID, { message: 'error.badId' }) subjectId: string;
}

export class VoteAnswerInputDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) subjectId: string;
  @ApiPropertyOptional({ type: [String], description: 'Chosen items (choice subjects)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(VOTE_MAX_ITEMS)
  @Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v) => (typeof v === 'number' ? String(v) : v)) : value))
  @Matches(ID, { each: true, message: 'error.badId' })
  itemIds?: string[];
  @ApiPropertyOptional({ description: `Answer of a text subject (at most ${VOTE_TEXT_MAX} characters)` })
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  text?: string;
}

export class SubmitVoteDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) voteId: string;
  @ApiProperty({ type: [VoteAnswerInputDto] })
  @IsArray()
  @ArrayMaxSize(VOTE_MAX_SUBJECTS)
  @ValidateNested({ each: true })
  @Type(() => VoteAnswerInputDto)
  answers: VoteAnswerInputDto[];
}

/** A vote as the API answers it. */
export class VoteDto {
  @ApiProperty() voteId: string;
  @ApiProperty() code: string;
  @ApiProperty() title: string;
  @ApiProperty({ enum: VOTE_STATUSES }) status: string;
  @ApiProperty() startTime: Date;
  @ApiProperty() endTime: Date;
  @ApiProperty({ enum: VOTE_USER_TYPES }) userType: string;
  @ApiProperty({ enum: VOTE_VIEW_TYPES }) viewType: string;
  @ApiProperty() dayLimit: number;
  @ApiProperty() totalLimit: number;
  @ApiProperty() total: number;
  @ApiProperty() remark: string;
  @ApiProperty() createTime: Date;
}

export class VoteItemDto {
  @ApiProperty() itemId: string;
  @ApiProperty() subjectId: string;
  @ApiProperty() type: string;
  @ApiProperty() content: string;
  @ApiProperty() description: string;
  @ApiProperty() sortFlag: number;
  @ApiProperty() total: number;
}

export class VoteSubjectDto {
  @ApiProperty() subjectId: string;
  @ApiProperty() voteId: string;
  @ApiProperty({ enum: VOTE_SUBJECT_TYPES }) type: string;
  @ApiProperty() title: string;
  @ApiProperty() sortFlag: number;
  @ApiProperty({ type: [VoteItemDto] }) items: VoteItemDto[];
}

/** A vote with its subjects and items (the public form, the results). */
export class VoteDetailDto {
  @ApiProperty() voteId: string;
  @ApiProperty() code: string;
  @ApiProperty() title: string;
  @ApiProperty() startTime: Date;
  @ApiProperty() endTime: Date;
  @ApiProperty({ enum: VOTE_USER_TYPES }) userType: string;
  @ApiProperty({ enum: VOTE_VIEW_TYPES }) viewType: string;
  @ApiProperty() dayLimit: number;
  @ApiProperty() totalLimit: number;
  @ApiProperty({ description: 'Submissions so far' }) total: number;
  @ApiProperty({ type: [VoteSubjectDto] }) subjects: VoteSubjectDto[];
}

export class VoteAnswerDto {
  @ApiProperty() answerId: string;
  @ApiProperty() content: string;
  @ApiProperty() createTime: Date;
}

export class VoteOptionDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
}
