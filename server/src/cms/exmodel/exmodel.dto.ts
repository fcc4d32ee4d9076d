import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { PageQueryDto } from '../../common/paging/page-query.dto';
import { XModelFieldDto } from '../../xmodel/xmodel.dto';
import { EXMODEL_DATA_TYPES, type ExModelDataType } from './exmodel.service';

const ID = /^[1-9]\d{0,17}$/;
const ID_OR_ZERO = /^(0|[1-9]\d{0,17})$/;
const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

export class ExModelRecordQueryDto {
  @ApiProperty({ enum: EXMODEL_DATA_TYPES }) @IsIn(EXMODEL_DATA_TYPES, { message: 'cms.exmodel.dataTypeInvalid' }) dataType: ExModelDataType;
  @ApiProperty({ description: "The site's, catalog's or content's id; 0 for one being added" })
  @Transform(idText)
  @IsString()
  @Matches(ID_OR_ZERO, { message: 'cms.exmodel.dataIdInvalid' })
  dataId: string;
  @ApiPropertyOptional({ description: "With dataId 0: the new catalog's site, the new content's catalog" })
  @IsOptional()
  @Transform(idText)
  @IsString()
  @Matches(ID, { message: 'cms.exmodel.dataIdInvalid' })
  parentId?: string;
}

export class ExModelDataListQueryDto extends PageQueryDto {
  @ApiProperty() @Transform(idText) @IsString() @Matches(ID, { message: 'xmodel.notFound' }) modelId: string;
  @ApiProperty({ enum: EXMODEL_DATA_TYPES }) @IsIn(EXMODEL_DATA_TYPES, { message: 'cms.exmodel.dataTypeInvalid' }) dataType: ExModelDataType;
}

export class ExModelRecordDto {
  @ApiProperty({ nullable: true, type: String, description: 'The bound model, null when none' }) modelId: string | null;
  @ApiProperty() modelName: string;
  @ApiProperty({ type: [XModelFieldDto], description: 'Fields in order, each with optionItems' }) fields: XModelFieldDto[];
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Field code -> value' }) values: Record<string, unknown>;
}

export class ExModelOptionDto {
  @ApiProperty() modelId: string;
  @ApiProperty() name: string;
  @ApiProperty() code: string;
}

export class ExModelDataRowDto {
  @ApiProperty({ enum: EXMODEL_DATA_TYPES }) dataType: string;
  @ApiProperty() dataId: string;
  @ApiProperty({ description: 'Then one property per field code (checkbox values joined by commas)' }) updateTime: Date;
}
