import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';

const ID = /^[1-9]\d{0,17}$/;
const ID_LIST = /^[1-9]\d{0,17}(,[1-9]\d{0,17}){0,99}$/;
/** What may go into generated code as a name: checked before any template sees it. */
export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Table names as PostgreSQL prints them unquoted, comma separated. */
const TABLE_LIST = /^[a-z_][a-z0-9_]{0,62}(,[a-z_][a-z0-9_]{0,62}){0,49}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

export const TS_TYPES = ['string', 'number', 'boolean', 'Date'] as const;
export const QUERY_TYPES = ['EQ', 'NE', 'GT', 'LT', 'LIKE', 'BETWEEN'] as const;
export const HTML_TYPES = ['input', 'textarea', 'select', 'radio', 'checkbox', 'datetime', 'imageUpload', 'fileUpload', 'editor'] as const;

export class GenQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the table name' }) @IsOptional() @IsString() @MaxLength(200) tableName?: string;
  @ApiPropertyOptional({ description: 'Part of the table comment' }) @IsOptional() @IsString() @MaxLength(500) tableComment?: string;
}

export class GenTableIdParam {
  @ApiProperty() @Matches(ID) tableId: string;
}

export class GenTableIdsParam {
  @ApiProperty({ description: 'Comma-separated table ids' }) @Matches(ID_LIST, { message: 'gen.idsInvalid' }) tableIds: string;
}

export class GenTableNameParam {
  @ApiProperty() @Matches(TABLE_LIST, { message: 'gen.tablesInvalid' }) tableName: string;
}

export class GenTablesQuery {
  @ApiProperty({ description: 'Comma-separated table names, e.g. demo_article,demo_tag' })
  @Matches(TABLE_LIST, { message: 'gen.tablesInvalid' })
  tables: string;
}

export class GenColumnDto {
  @ApiProperty() @Transform(idText) @Matches(ID) columnId: string;
  @ApiProperty({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) columnComment: string;
  @ApiProperty({ description: 'Property name in the generated code' })
  @Transform(trimmed)
  @IsString()
  @Matches(IDENTIFIER, { message: 'gen.identifier' })
  @MaxLength(100)
  fieldName: string;
  @ApiProperty({ enum: TS_TYPES }) @IsIn(TS_TYPES) tsType: string;
  @ApiProperty() @IsBoolean() isRequired: boolean;
  @ApiProperty() @IsBoolean() isEdit: boolean;
  @ApiProperty() @IsBoolean() isList: boolean;
  @ApiProperty() @IsBoolean() isQuery: boolean;
  @ApiProperty({ enum: QUERY_TYPES }) @IsIn(QUERY_TYPES) queryType: string;
  @ApiProperty({ enum: HTML_TYPES }) @IsIn(HTML_TYPES) htmlType: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) @Matches(/^$|^[a-z][a-z0-9_:.]*$/, { message: 'gen.dictType' }) dictType?: string;
}

export class UpdateGenTableDto {
  @ApiProperty() @Transform(idText) @Matches(ID) tableId: string;
  @ApiProperty({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) tableComment?: string;
  @ApiProperty({ description: 'Entity class name, e.g. DemoArticle' })
  @Transform(trimmed)
  @IsString()
  @Matches(/^[A-Z][A-Za-z0-9]*$/, { message: 'gen.className' })
  @MaxLength(100)
  className: string;
  @ApiProperty({ description: 'Feature folder under server/src, e.g. demo' })
  @Transform(trimmed)
  @IsString()
  @Matches(/^[a-z][a-z0-9]*$/, { message: 'gen.folderName' })
  @MaxLength(30)
  moduleName: string;
  @ApiProperty({ description: 'Business name: sub-folder and route, e.g. article' })
  @Transform(trimmed)
  @IsString()
  @Matches(/^[a-z][a-z0-9]*$/, { message: 'gen.folderName' })
  @MaxLength(30)
  businessName: string;
  @ApiProperty({ description: 'What users call it, e.g. 文章' }) @Transform(trimmed) @IsString() @IsNotEmpty() @Length(1, 50) functionName: string;
  @ApiProperty({ description: 'Permission prefix, e.g. demo:article' })
  @Transform(trimmed)
  @IsString()
  @Matches(/^[a-z][a-z0-9]*(:[a-z][a-z0-9]*)*$/, { message: 'gen.permPrefix' })
  @MaxLength(100)
  permPrefix: string;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
  @ApiProperty({ type: [GenColumnDto] })
  @IsArray()
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => GenColumnDto)
  columns: GenColumnDto[];
}

/** An imported table as the API answers it. */
export class GenTableDto {
  @ApiProperty() tableId: string;
  @ApiProperty() tableName: string;
  @ApiProperty() tableComment: string;
  @ApiProperty() className: string;
  @ApiProperty() moduleName: string;
  @ApiProperty() businessName: string;
  @ApiProperty() functionName: string;
  @ApiProperty() permPrefix: string;
  @ApiProperty() createTime: Date;
}

/** A database table not imported yet. */
export class DbTableDto {
  @ApiProperty() tableName: string;
  @ApiProperty() tableComment: string;
}
