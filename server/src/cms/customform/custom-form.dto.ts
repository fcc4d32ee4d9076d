import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDateString,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import type { XModelFieldView } from '@zhiwen/shared';
import { PageQueryDto } from '../../common/paging/page-query.dto';
import {
  CUSTOM_FORM_PERIODS,
  CUSTOM_FORM_RULES,
  CUSTOM_FORM_STATUSES,
  type CustomFormPeriod,
  type CustomFormRule,
  type CustomFormStatus,
} from './custom-form.entity';

import { CUSTOM_FORM_CODE } from './custom-form-widget';

export { CUSTOM_FORM_CODE };
const ID = /^[1-9]\d{0,17}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);
const noDate = ({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value);
const bool = ({ value }: { value: unknown }) => (value === 'true' || value === 'Y' ? true : value === 'false' || value === 'N' ? false : value);

export class CustomFormQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name' }) @IsOptional() @IsString() @MaxLength(100) name?: string;
  @ApiPropertyOptional({ enum: CUSTOM_FORM_STATUSES }) @IsOptional() @IsIn(CUSTOM_FORM_STATUSES) status?: CustomFormStatus;
}

export class CreateCustomFormDto {
  @ApiProperty({ maxLength: 100 })
  @Transform(trimmed)
  @IsString({ message: 'customform.nameRequired' })
  @IsNotEmpty({ message: 'customform.nameRequired' })
  @MaxLength(100, { message: 'customform.nameRequired' })
  name: string;
  @ApiProperty({ description: 'A letter, then letters, digits, underscore; unique in the site regardless of case', maxLength: 50 })
  @Transform(trimmed)
  @IsString({ message: 'customform.codeFormat' })
  @Matches(CUSTOM_FORM_CODE, { message: 'customform.codeFormat' })
  code: string;
  @ApiPropertyOptional({ default: true, description: 'Visitors answer an image captcha' })
  @IsOptional()
  @Transform(bool)
  @IsBoolean()
  needCaptcha?: boolean;
  @ApiPropertyOptional({ enum: CUSTOM_FORM_RULES, default: 'unlimited', description: 'Who a submission counts against' })
  @IsOptional()
  @IsIn(CUSTOM_FORM_RULES, { message: 'customform.ruleInvalid' })
  ruleLimit?: CustomFormRule;
  @ApiPropertyOptional({ enum: CUSTOM_FORM_PERIODS, default: 'day' })
  @IsOptional()
  @IsIn(CUSTOM_FORM_PERIODS, { message: 'customform.periodInvalid' })
  limitPeriod?: CustomFormPeriod;
  @ApiPropertyOptional({ minimum: 1, maximum: 100000, default: 1, description: 'Submissions allowed per submitter in the period' })
  @IsOptional()
  @IsInt({ message: 'customform.limitInvalid' })
  @Min(1, { message: 'customform.limitInvalid' })
  @Max(100000, { message: 'customform.limitInvalid' })
  limitCount?: number;
  @ApiPropertyOptional({ maxLength: 200, description: 'Shown after a submission (default: 提交成功)' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(200, { message: 'customform.successTooLong' })
  successMessage?: string;
  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500, { message: 'customform.remarkTooLong' })
  remark?: string;
}

export class UpdateCustomFormDto extends CreateCustomFormDto {
  @ApiProperty() @Transform(idText) @IsString() @Matches(ID, { message: 'customform.notFound' }) formId: string;
}

export class CustomFormDto {
  @ApiProperty() formId: string;
  @ApiProperty() siteId: string;
  @ApiPropertyOptional({ nullable: true, description: 'The metadata model holding the fields (owner type customform)' }) modelId: string | null;
  @ApiProperty() name: string;
  @ApiProperty() code: string;
  @ApiProperty({ enum: CUSTOM_FORM_STATUSES, description: "'0' draft, '1' published, '2' offline" }) status: CustomFormStatus;
  @ApiProperty() needCaptcha: boolean;
  @ApiProperty({ enum: CUSTOM_FORM_RULES }) ruleLimit: CustomFormRule;
  @ApiProperty({ enum: CUSTOM_FORM_PERIODS }) limitPeriod: CustomFormPeriod;
  @ApiProperty() limitCount: number;
  @ApiProperty() successMessage: string;
  @ApiPropertyOptional({ nullable: true }) publishTime: Date | null;
  @ApiProperty() remark: string;
  @ApiProperty() createTime: Date;
}

export class CustomFormOptionDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
}

export class CustomFormRulesDto {
  @ApiProperty({ type: [CustomFormOptionDto], description: 'Limit rules: unlimited, ip, member, browser' }) rules: CustomFormOptionDto[];
  @ApiProperty({ type: [CustomFormOptionDto], description: 'Periods: day, total' }) periods: CustomFormOptionDto[];
}

export class CustomFormFieldQueryDto {
  @ApiProperty() @Transform(idText) @IsString() @Matches(ID, { message: 'customform.notFound' }) formId: string;
}

export class CustomFormFieldIdsDto {
  @ApiProperty() @Transform(idText) @IsString() @Matches(ID, { message: 'customform.notFound' }) formId: string;
  @ApiProperty({ type: [String] })
  @Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v) => (typeof v === 'number' ? String(v) : v)) : value))
  @IsArray()
  @ArrayMaxSize(500)
  @Matches(ID, { each: true, message: 'xmodel.field.notFound' })
  fieldIds: string[];
}

export class CustomFormKindDto {
  @ApiProperty() value: string;
  @ApiProperty() label: string;
}

export class CustomFormKindsDto {
  @ApiProperty({
    type: [CustomFormKindDto],
    description: 'Control kinds (input, textarea, radio, checkbox, select, date, time, datetime, image, file)',
  })
  controls: CustomFormKindDto[];
  @ApiProperty({ type: [CustomFormKindDto], description: 'Validation kinds (notEmpty, number, integer, date, time, datetime, email, phone, regex)' })
  validations: CustomFormKindDto[];
}

// ---- data -------------------------------------------------------------------------------------------------------

export class CustomFormDataQueryDto extends PageQueryDto {
  @ApiProperty() @Transform(idText) @IsString() @Matches(ID, { message: 'customform.notFound' }) formId: string;
  @ApiPropertyOptional({ description: 'Submitted at or after (ISO date or date-time)' })
  @IsOptional()
  @Transform(noDate)
  @IsDateString()
  beginTime?: string;
  @ApiPropertyOptional({ description: 'Submitted at or before (a date alone: to its end)' })
  @IsOptional()
  @Transform(noDate)
  @IsDateString()
  endTime?: string;
}

export class CustomFormDataDetailQueryDto {
  @ApiProperty() @Transform(idText) @IsString() @Matches(ID, { message: 'customform.notFound' }) formId: string;
  @ApiProperty() @Transform(idText) @IsString() @Matches(ID, { message: 'customform.dataNotFound' }) dataId: string;
}

export class SaveCustomFormDataDto {
  @ApiProperty() @Transform(idText) @IsString() @Matches(ID, { message: 'customform.notFound' }) formId: string;
  @ApiPropertyOptional({ description: 'Required when editing' })
  @IsOptional()
  @Transform(idText)
  @IsString()
  @Matches(ID, { message: 'customform.dataNotFound' })
  dataId?: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Values by field code' })
  @IsObject({ message: 'customform.valuesInvalid' })
  values: Record<string, unknown>;
}

export class CustomFormDataDto {
  @ApiProperty() dataId: string;
  @ApiProperty() formId: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) values: Record<string, unknown>;
  @ApiProperty() ip: string;
  @ApiPropertyOptional({ nullable: true }) memberId: string | null;
  @ApiProperty() createBy: string;
  @ApiProperty() createTime: Date;
  @ApiProperty() updateTime: Date;
}

// ---- public -----------------------------------------------------------------------------------------------------

export class PublicFormQueryDto {
  @ApiProperty() @Transform(idText) @IsString() @Matches(ID, { message: 'customform.notFound' }) siteId: string;
  @ApiProperty() @IsString() @Matches(CUSTOM_FORM_CODE, { message: 'customform.notFound' }) code: string;
}

export class PublicFormFieldDto {
  @ApiProperty() code: string;
  @ApiProperty() name: string;
  @ApiProperty() controlType: string;
  @ApiProperty() required: boolean;
  @ApiProperty() defaultValue: string;
  @ApiProperty({ type: 'array', items: { type: 'object' }, description: '[{value,label}] of radio, checkbox, select' })
  options: Array<{ value: string; label: string }>;
  @ApiProperty({ type: [String], description: 'Validation kinds (notEmpty, number, integer, date, time, datetime, email, phone, regex)' })
  validations: string[];
}

export class PublicFormDto {
  @ApiProperty() formId: string;
  @ApiProperty() code: string;
  @ApiProperty() name: string;
  @ApiProperty() needCaptcha: boolean;
  @ApiProperty({ enum: CUSTOM_FORM_RULES }) ruleLimit: CustomFormRule;
  @ApiProperty({ type: [PublicFormFieldDto] }) fields: PublicFormFieldDto[];
}

export class PublicCaptchaDto {
  @ApiProperty() uuid: string;
  @ApiProperty({ description: 'data:image/svg+xml;base64,...' }) img: string;
}

export class SubmitCustomFormDto {
  @ApiProperty() @Transform(idText) @IsString() @Matches(ID, { message: 'customform.notFound' }) formId: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Values by field code' })
  @IsObject({ message: 'customform.valuesInvalid' })
  values: Record<string, unknown>;
  @ApiPropertyOptional({ description: 'Captcha id from GET /api/customform/captchaImage' })
  @IsOptional()
  @IsString({ message: 'customform.captchaExpired' })
  @MaxLength(64, { message: 'customform.captchaExpired' })
  uuid?: string;
  @ApiPropertyOptional({ description: 'The captcha answer' })
  @IsOptional()
  @IsString({ message: 'customform.captchaWrong' })
  @MaxLength(16, { message: 'customform.captchaWrong' })
  captcha?: string;
  @ApiPropertyOptional({ description: "The browser id the widget keeps in a first-party cookie (rule 'browser')" })
  @IsOptional()
  @IsString({ message: 'customform.browserIdInvalid' })
  @Matches(/^[A-Za-z0-9_-]{8,64}$/, { message: 'customform.browserIdInvalid' })
  browserId?: string;
}

export type FieldView = XModelFieldView;
