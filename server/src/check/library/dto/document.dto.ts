import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../../common/paging/page-query.dto';
import { DOCUMENT_STATUSES, ORIGIN_TYPES, type DocumentStatus, type OriginType } from '../check-library.constants';

const ID = /^[1-9]\d{0,17}$/;
/** doc_id is an int4. */
export const MAX_DOC_ID = 2_147_483_647;

export class DocumentQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Documents of this library' }) @IsOptional() @Matches(ID) libraryId?: string;
  @ApiPropertyOptional({ description: 'Part of the title' }) @IsOptional() @IsString() @MaxLength(255) title?: string;
  @ApiPropertyOptional({ enum: DOCUMENT_STATUSES }) @IsOptional() @IsIn(DOCUMENT_STATUSES) status?: DocumentStatus;
  @ApiPropertyOptional({ enum: ORIGIN_TYPES }) @IsOptional() @IsIn(ORIGIN_TYPES) originType?: OriginType;
}

/** The form fields of an upload (the file itself is the multipart part `file`). */
export class UploadDocumentsDto {
  @ApiProperty({ description: 'Library receiving the documents (a reference library)' }) @Matches(ID) libraryId: string;
}

export class ReindexDocumentsDto {
  @ApiProperty({ type: [Number], description: 'Documents to parse and fingerprint again' })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(500)
  @Type(() => Number)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_DOC_ID, { each: true })
  docIds: number[];
}

/** A document as the API answers it. */
export class DocumentDto {
  @ApiProperty() docId: number;
  @ApiProperty() libraryId: string;
  @ApiProperty() title: string;
  @ApiProperty() author: string;
  @ApiProperty({ description: 'File name (path inside a zip), CMS content id or check order id' }) origin: string;
  @ApiProperty({ enum: ORIGIN_TYPES }) originType: OriginType;
  @ApiProperty({ nullable: true }) memberId: string | null;
  @ApiProperty() fileSize: number;
  @ApiProperty({ description: 'Characters of the text, whitespace not counted' }) charCount: number;
  @ApiProperty() fingerprintCount: number;
  @ApiProperty({ enum: DOCUMENT_STATUSES }) status: DocumentStatus;
  @ApiProperty({ description: 'Why indexing failed, in the request language; empty otherwise' }) errorMessage: string;
  @ApiProperty({ nullable: true }) indexedTime: Date | null;
  @ApiProperty() createBy: string;
  @ApiProperty() createTime: Date;
  @ApiProperty() updateTime: Date;
}
