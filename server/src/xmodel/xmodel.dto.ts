import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
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
import {
  XMODEL_CONTROL_TYPES,
  XMODEL_VALIDATION_TYPES,
  type XModelControlType,
  type XModelFieldOptions,
  type XModelValidation,
  type XModelValidationType,
} from '@zhiwen/shared';
import { PageQueryDto } from '../common/paging/page-query.dto';

export const XMODEL_CODE = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;
const ID = /^[1-9]\d{0,17}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

export class XModelQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Owner type: xmodel, exmodel, customform' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  ownerType?: string;
  @ApiPropertyOptional({ description: "Owner id (a site's for extension models)" }) @IsOptional() @IsString() @MaxLength(64) ownerId?: string;
  @ApiPropertyOptional({ description: 'Part of the name or code' }) @IsOptional() @IsString() @MaxLength(100) query?: string;
}

/** A model's own fields (owner given by the route). */
export class XModelFieldsDto {
  @ApiProperty({ maxLength: 100 })
  @Transform(trimmed)
  @IsString({ message: 'xmodel.nameRequired' })
  @IsNotEmpty({ message: 'xmodel.nameRequired' })
  @MaxLength(100, { message: 'xmodel.nameRequired' })
  name: string;
  @ApiProperty({ description: 'A letter, then letters, digits, underscore (unique among the owner’s models)', maxLength: 50 })
  @Transform(trimmed)
  @IsString({ message: 'xmodel.codeFormat' })
  @Matches(XMODEL_CODE, { message: 'xmodel.codeFormat' })
  code: string;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class CreateXModelDto extends XModelFieldsDto {}

export class UpdateXModelDto extends XModelFieldsDto {
  @ApiProperty() @Transform(idText) @IsString() @Matches(ID, { message: 'xmodel.notFound' }) modelId: string;
}

export class XModelFieldQueryDto extends PageQueryDto {
  @ApiProperty() @Transform(idText) @IsString() @Matches(ID, { message: 'xmodel.notFound' }) modelId: string;
  @ApiPropertyOptional({ description: 'Part of the name or code' }) @IsOptional() @IsString() @MaxLength(100) query?: string;
}

export class XModelAllFieldsQueryDto {
  @ApiProperty() @Transform(idText) @IsString() @Matches(ID, { message: 'xmodel.notFound' }) modelId: string;
}

export class XModelOptionItemDto {
  @ApiProperty({ maxLength: 100 }) @IsString() @IsNotEmpty({ message: 'xmodel.optionInvalid' }) @MaxLength(100) value: string;
  @ApiProperty({ maxLength: 100 }) @IsString() @MaxLength(100) label: string;
}

export class XModelFieldOptionsDto implements XModelFieldOptions {
  @ApiProperty({ enum: ['none', 'text', 'dict'] }) @IsIn(['none', 'text', 'dict'], { message: 'xmodel.optionInvalid' }) type:
    'none' | 'text' | 'dict';
  @ApiPropertyOptional({ description: 'Dictionary type (type dict)' }) @IsOptional() @IsString() @MaxLength(100) dictType?: string;
  @ApiPropertyOptional({ type: [XModelOptionItemDto], description: 'Items (type text)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => XModelOptionItemDto)
  items?: XModelOptionItemDto[];
}

export class XModelValidationDto implements XModelValidation {
  @ApiProperty({ enum: XMODEL_VALIDATION_TYPES })
  @IsIn(XMODEL_VALIDATION_TYPES, { message: 'xmodel.validationInvalid' })
  type: XModelValidationType;
  @ApiPropertyOptional({ description: 'The pattern (type regex), matched against the whole value', maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'xmodel.regexInvalid' })
  regex?: string;
  @ApiPropertyOptional({ description: 'Own message instead of the default', maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  message?: string;
}

export class XModelFieldBodyDto {
  @ApiProperty() @Transform(idText) @IsString() @Matches(ID, { message: 'xmodel.notFound' }) modelId: string;
  @ApiProperty({ description: 'Label', maxLength: 100 })
  @Transform(trimmed)
  @IsString({ message: 'xmodel.field.nameRequired' })
  @IsNotEmpty({ message: 'xmodel.field.nameRequired' })
  @MaxLength(100, { message: 'xmodel.field.nameRequired' })
  name: string;
  @ApiProperty({ description: 'A letter, then letters, digits, underscore (unique in the model)', maxLength: 50 })
  @Transform(trimmed)
  @IsString({ message: 'xmodel.field.codeFormat' })
  @Matches(XMODEL_CODE, { message: 'xmodel.field.codeFormat' })
  code: string;
  @ApiProperty({ enum: XMODEL_CONTROL_TYPES })
  @IsIn(XMODEL_CONTROL_TYPES, { message: 'xmodel.field.controlInvalid' })
  controlType: XModelControlType;
  @ApiPropertyOptional({ maxLength: 2000 }) @IsOptional() @IsString() @MaxLength(2000) defaultValue?: string;
  @ApiPropertyOptional({ type: XModelFieldOptionsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => XModelFieldOptionsDto)
  options?: XModelFieldOptionsDto;
  @ApiPropertyOptional({ type: [XModelValidationDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => XModelValidationDto)
  validations?: XModelValidationDto[];
  @ApiPropertyOptional({ description: 'Same as a notEmpty rule' }) @IsOptional() @IsBoolean() required?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(-1000000) @Max(1000000) sortFlag?: number;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class CreateXModelFieldDto extends XModelFieldBodyDto {}

export class UpdateXModelFieldDto extends XModelFieldBodyDto {
  @ApiProperty() @Transform(idText) @IsString() @Matches(ID, { message: 'xmodel.field.notFound' }) fieldId: string;
}

/** Answer shapes (documentation). */
export class XModelDto {
  @ApiProperty() modelId: string;
  @ApiProperty() ownerType: string;
  @ApiProperty() ownerId: string;
  @ApiProperty() name: string;
  @ApiProperty() code: string;
  @ApiProperty() tableName: string;
  @ApiProperty() remark: string;
  @ApiProperty() createTime: Date;
}

export class XModelFieldDto {
  @ApiProperty() fieldId: string;
  @ApiProperty() modelId: string;
  @ApiProperty() name: string;
  @ApiProperty() code: string;
  @ApiProperty({ enum: XMODEL_CONTROL_TYPES }) controlType: string;
  @ApiProperty() defaultValue: string;
  @ApiProperty({ type: XModelFieldOptionsDto }) options: XModelFieldOptionsDto;
  @ApiProperty({ type: [XModelValidationDto] }) validations: XModelValidationDto[];
  @ApiProperty() required: boolean;
  @ApiProperty() sortFlag: number;
  @ApiProperty() remark: string;
}

export class XModelOptionDto {
  @ApiProperty() value: string;
  @ApiProperty() label: string;
}
