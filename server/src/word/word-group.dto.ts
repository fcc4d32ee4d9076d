import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../common/paging/page-query.dto';

export const ID = /^[1-9]\d{0,17}$/;
export const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
export const idText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);
/** Letters, digits and underscore. */
export const GROUP_CODE = /^[A-Za-z0-9_]{1,50}$/;

export class WordGroupQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name or code' }) @IsOptional() @IsString() @MaxLength(100) query?: string;
}

/** Fields of a word group (tag word groups and hot word groups). */
export class CreateWordGroupDto {
  @ApiProperty({ maxLength: 100 })
  @Transform(trimmed)
  @IsString({ message: 'word.group.nameRequired' })
  @IsNotEmpty({ message: 'word.group.nameRequired' })
  @MaxLength(100, { message: 'word.group.nameRequired' })
  name: string;
  @ApiProperty({ description: 'Letters, digits, underscore; unique in the site', maxLength: 50 })
  @Transform(trimmed)
  @IsString({ message: 'word.group.codeFormat' })
  @Matches(GROUP_CODE, { message: 'word.group.codeFormat' })
  code: string;
  @ApiPropertyOptional({ default: 0 }) @IsOptional() @IsInt() @Min(0) @Max(999999999) sortFlag?: number;
  @ApiPropertyOptional({ maxLength: 500 }) @IsOptional() @IsString() @MaxLength(500) remark?: string;
}

export class UpdateWordGroupDto extends CreateWordGroupDto {
  @ApiProperty() @Transform(idText) @Matches(ID, { message: 'error.badId' }) groupId: string;
}

/** A node of a group tree (ChestnutCMS's TreeNode: id, parentId, label, props, children). */
export class WordGroupTreeNodeDto {
  @ApiProperty() id: string;
  @ApiProperty() parentId: string;
  @ApiProperty() label: string;
  @ApiProperty({ description: 'code, sort, logo, remark, wordTotal' }) props: Record<string, unknown>;
  @ApiProperty({ type: () => [WordGroupTreeNodeDto] }) children: WordGroupTreeNodeDto[];
}

/** Builds a tree of groups from rows ordered by sort: a row whose parent is not among the rows is a root. */
export function buildGroupTree<G extends { groupId: string; parentId?: string; name: string }>(
  groups: G[],
  props: (g: G) => Record<string, unknown>,
): WordGroupTreeNodeDto[] {
  const nodes = new Map<string, WordGroupTreeNodeDto>();
  for (const g of groups) {
    nodes.set(String(g.groupId), { id: String(g.groupId), parentId: String(g.parentId ?? '0'), label: g.name, props: props(g), children: [] });
  }
  const roots: WordGroupTreeNodeDto[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
