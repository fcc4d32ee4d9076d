import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, Matches, ValidateNested } from 'class-validator';
import { idText } from '../../common/validation/id.pipe';

const ID = /^[1-9]\d{0,18}$/;
export const OWNER_TYPES = ['role', 'user'] as const;
export type OwnerType = (typeof OWNER_TYPES)[number];

/** Whose grants: a role or a user (`ownerType`, `owner` = its id), as ChestnutCMS's `/cms/perms` takes them. */
export class PermsOwnerQueryDto {
  @ApiProperty({ enum: OWNER_TYPES }) @IsIn(OWNER_TYPES, { message: 'cms.perms.ownerTypeInvalid' }) ownerType: OwnerType;
  @ApiProperty({ description: 'Role or user id' })
  @Transform(({ value }) => idText(value) ?? value)
  @Matches(ID, { message: 'error.badId' })
  owner: string;
}

/** The owner and the site whose catalogs or page widgets are shown. */
export class PermsSiteQueryDto extends PermsOwnerQueryDto {
  @ApiProperty() @Transform(({ value }) => idText(value) ?? value) @Matches(ID, { message: 'error.badId' }) siteId: string;
}

/** One row of the matrix: an object (site, catalog, page widget) and the actions granted on it. */
export class PermsRowDto {
  @ApiProperty({ description: 'Site, catalog or page widget id' })
  @Transform(({ value }) => idText(value) ?? value)
  @Matches(ID, { message: 'error.badId' })
  id: string;
  @ApiProperty({ type: [String], description: 'Granted actions, e.g. ["View", "Edit"]' })
  @IsArray({ message: 'cms.perms.actionsInvalid' })
  @ArrayMaxSize(20, { message: 'cms.perms.actionsInvalid' })
  @IsString({ each: true, message: 'cms.perms.actionsInvalid' })
  actions: string[];
}

/** A whole matrix: the owner's direct grants on every object it lists (objects left out lose their grants). */
export class SavePermsDto extends PermsOwnerQueryDto {
  @ApiPropertyOptional({ description: 'Site of the catalogs or page widgets (not for the site matrix)' })
  @IsOptional()
  @Transform(({ value }) => (value === undefined || value === null || value === '' ? undefined : (idText(value) ?? value)))
  @Matches(ID, { message: 'error.badId' })
  siteId?: string;
  @ApiProperty({ type: [PermsRowDto] })
  @IsArray({ message: 'cms.perms.rowsInvalid' })
  @ArrayMaxSize(5000, { message: 'cms.perms.rowsInvalid' })
  @ValidateNested({ each: true })
  @Type(() => PermsRowDto)
  perms: PermsRowDto[];
}

/** An action column of the matrix. */
export class PermsItemDto {
  @ApiProperty({ example: 'View' }) id: string;
  @ApiProperty({ example: '查看' }) name: string;
}

/** A row of the matrix as shown: what the owner holds directly, through its roles, and what the caller may change. */
export class PermsMatrixRowDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiPropertyOptional({ description: 'Catalogs: the row it hangs under in the tree ("0" = root)' }) parentId?: string;
  @ApiProperty({ type: [String], description: 'Actions granted to the owner itself' }) granted: string[];
  @ApiProperty({ type: [String], description: "A user's actions held through its roles (shown ticked, not editable here)" }) inherited: string[];
  @ApiProperty({ type: [String], description: 'Actions the caller may grant or revoke (those the caller holds)' }) editable: string[];
  @ApiPropertyOptional({ type: () => [PermsMatrixRowDto] }) children?: PermsMatrixRowDto[];
}

export class PermsMatrixDto {
  @ApiProperty({ type: [PermsItemDto] }) items: PermsItemDto[];
  @ApiProperty({ type: [PermsMatrixRowDto] }) rows: PermsMatrixRowDto[];
  @ApiProperty({ description: 'The owner as named on the screen' }) ownerName: string;
}

/** What a save changed (kept in the operation log as its result). */
export class PermsChangeDto {
  @ApiProperty({ type: [String], example: ['Catalog:View:7'] }) granted: string[];
  @ApiProperty({ type: [String], example: ['Catalog:Edit:7'] }) revoked: string[];
}
