import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Length, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';

/** A positive bigint id as text (18 digits stay inside PostgreSQL's bigint). */
export const ID = /^[1-9]\d{0,17}$/;
/** Mainland mobile number, or a landline with its area code (e.g. 010-12345678). */
const PHONE = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/;

/** JSON clients may send ids as numbers; the API keeps them as text. */
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);
/** Names are compared and stored without surrounding blanks. */
export const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** An optional text field whose format is checked only when it holds something ('' clears it). */
const OptionalText = () => ValidateIf((_o, value) => value !== undefined && value !== null && value !== '');

export class DeptQueryDto {
  @ApiPropertyOptional({ description: 'Part of the department name' }) @IsOptional() @IsString() @MaxLength(50) deptName?: string;
  @ApiPropertyOptional({ enum: ['0', '1'] }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
}

export class DeptIdParam {
  @ApiProperty() @Matches(ID) deptId: string;
}

/** The fields of a department both writes share. */
class DeptFieldsDto {
  @ApiProperty({ minLength: 1, maxLength: 30 }) @Transform(trimmed) @IsString() @IsNotEmpty() @Length(1, 30) deptName: string;
  @ApiProperty({ description: 'Sort order among siblings' }) @IsInt() @Min(0) @Max(999999) orderNum: number;
  @ApiPropertyOptional({ maxLength: 20 }) @IsOptional() @IsString() @MaxLength(20) leader?: string;
  @ApiPropertyOptional({ description: 'Mobile number or landline with area code' })
  @OptionalText()
  @IsString()
  @MaxLength(20)
  @Matches(PHONE, { message: 'dept.phoneInvalid' })
  phone?: string;
  @ApiPropertyOptional() @OptionalText() @IsEmail() @MaxLength(50) email?: string;
  @ApiPropertyOptional({ enum: ['0', '1'], default: '0' }) @IsOptional() @IsIn(['0', '1']) status?: '0' | '1';
}

export class CreateDeptDto extends DeptFieldsDto {
  @ApiProperty({ description: 'Parent department (must exist and be enabled)' }) @Transform(idText) @Matches(ID) parentId: string;
}

export class UpdateDeptDto extends DeptFieldsDto {
  @ApiProperty() @Transform(idText) @Matches(ID) deptId: string;
  /** '0' is accepted so the root can be saved in place; no other department can be moved to the top. */
  @ApiProperty({ description: "Parent department; '0' only for the root itself" })
  @Transform(idText)
  @Matches(/^(0|[1-9]\d{0,17})$/)
  parentId: string;
}

/** A department as the API answers it. */
export class DeptDto {
  @ApiProperty() deptId: string;
  @ApiProperty({ description: '0 for the root' }) parentId: string;
  @ApiProperty({ description: 'Comma list of ancestor ids from the root, e.g. 0,100,101' }) ancestors: string;
  @ApiProperty() deptName: string;
  @ApiProperty() orderNum: number;
  @ApiProperty() leader: string;
  @ApiProperty() phone: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: ['0', '1'] }) status: string;
  @ApiProperty() createTime: Date;
  @ApiPropertyOptional({ description: 'Only in the single-department answer' }) parentName?: string;
}

/** A node of the department tree select (RuoYi `TreeSelect`); leaves have no `children`. */
export class DeptTreeNodeDto {
  @ApiProperty() id: string;
  @ApiProperty() label: string;
  @ApiProperty({ description: 'The department is disabled' }) disabled: boolean;
  @ApiPropertyOptional({ type: () => [DeptTreeNodeDto] }) children?: DeptTreeNodeDto[];
}
