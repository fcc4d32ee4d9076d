import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Length, Matches, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../../common/paging/page-query.dto';
import { LIBRARY_KINDS, type LibraryKind } from '../check-library.constants';

const ID = /^[1-9]\d{0,17}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

export class LibraryQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name' }) @IsOptional() @IsString() @MaxLength(100) libraryName?: string;
  @ApiPropertyOptional({ description: 'Part of the code' }) @IsOptional() @IsString() @MaxLength(64) libraryCode?: string;
  @ApiPropertyOptional({ enum: LIBRARY_KINDS }) @IsOptional() @IsIn(LIBRARY_KINDS) libraryKind?: LibraryKind;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
}

/** Fields staff may change; the code and kind are fixed once the library exists. */
export class LibraryFieldsDto {
  @ApiProperty({ maxLength: 100 }) @Transform(trimmed) @IsString() @IsNotEmpty() @Length(1, 100) libraryName: string;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) description?: string;
  @ApiPropertyOptional({ enum: ['0', '1'], default: '0', description: '1 leaves the library out of checks' })
  @IsOptional()
  @IsIn(['0', '1'])
  status?: '0' | '1';
  @ApiPropertyOptional({ description: 'Display order', default: 0 }) @IsOptional() @IsInt() @Min(0) @Max(999999) sort?: number;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

/** A new reference library (the CMS and self libraries are built in). */
export class CreateLibraryDto extends LibraryFieldsDto {
  @ApiProperty({ description: 'Letters, digits and underscore; unique; cannot change later', maxLength: 64 })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  @Matches(/^[A-Za-z0-9_]+$/, { message: 'check.library.codeFormat' })
  libraryCode: string;
}

export class UpdateLibraryDto extends LibraryFieldsDto {
  @ApiProperty() @Transform(idText) @Matches(ID) libraryId: string;
}

/** A library as the API answers it, with the figures of its documents. */
export class LibraryDto {
  @ApiProperty() libraryId: string;
  @ApiProperty() libraryName: string;
  @ApiProperty() libraryCode: string;
  @ApiProperty({ enum: LIBRARY_KINDS }) libraryKind: LibraryKind;
  @ApiProperty() description: string;
  @ApiProperty({ enum: ['0', '1'] }) status: string;
  @ApiProperty() sort: number;
  @ApiProperty() remark: string;
  @ApiProperty() documentCount: number;
  @ApiProperty() indexedCount: number;
  @ApiProperty() pendingCount: number;
  @ApiProperty() failedCount: number;
  @ApiProperty({ description: 'Characters of the indexed documents, whitespace not counted' }) charCount: number;
  @ApiProperty() createBy: string;
  @ApiProperty() createTime: Date;
}

export class LibraryFiguresDto {
  @ApiProperty() libraryId: string;
  @ApiProperty() libraryName: string;
  @ApiProperty() libraryCode: string;
  @ApiProperty({ enum: LIBRARY_KINDS }) libraryKind: LibraryKind;
  @ApiProperty() status: string;
  @ApiProperty() documents: number;
  @ApiProperty() indexed: number;
  @ApiProperty() pending: number;
  @ApiProperty() failed: number;
  @ApiProperty() characters: number;
  @ApiProperty() postings: number;
}

export class RebuildStatusDto {
  @ApiProperty() rebuildId: string;
  @ApiProperty({ enum: ['running', 'completed', 'failed'] }) status: string;
  @ApiProperty({ description: 'Indexed documents when the rebuild started' }) total: number;
  @ApiProperty() done: number;
  @ApiProperty() createBy: string;
  @ApiProperty() startTime: Date;
  @ApiProperty({ nullable: true }) endTime: Date | null;
}

/** Figures of the whole index and of each library, and the latest rebuild. */
export class IndexStatsDto {
  @ApiProperty({ description: 'Documents of every library' }) documents: number;
  @ApiProperty() indexed: number;
  @ApiProperty() pending: number;
  @ApiProperty() failed: number;
  @ApiProperty({ description: 'Characters of the indexed documents, whitespace not counted' }) characters: number;
  @ApiProperty({ description: 'Rows of check_fingerprint' }) postings: number;
  @ApiProperty() distinctHashes: number;
  @ApiProperty({ description: 'Documents having postings' }) indexedDocuments: number;
  @ApiProperty({ description: 'k-gram length and winnowing window of the index' }) k: number;
  @ApiProperty() w: number;
  @ApiProperty({ type: [LibraryFiguresDto] }) libraries: LibraryFiguresDto[];
  @ApiProperty({ type: RebuildStatusDto, nullable: true }) rebuild: RebuildStatusDto | null;
}
