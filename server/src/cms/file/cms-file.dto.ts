import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { SiteFileRow } from '@zhiwen/shared';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/** Longest path accepted (the service checks each name; this only bounds the work). */
export const FILE_PATH_MAX = 1000;
/** Largest text the editor saves or reads, in bytes. */
export const EDIT_MAX_BYTES = 1024 * 1024;

export class FileListQueryDto {
  @ApiPropertyOptional({ description: 'Folder relative to the site root (`pc/css`); empty or `/` for the roots', maxLength: FILE_PATH_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(FILE_PATH_MAX)
  filePath?: string;

  @ApiPropertyOptional({ description: 'Part of a name (case-insensitive)' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  fileName?: string;
}

export class FilePathDto {
  @ApiProperty({ description: 'Path relative to the site root, e.g. `pc/index.shtml`', maxLength: FILE_PATH_MAX })
  @IsString()
  @MaxLength(FILE_PATH_MAX)
  filePath: string;
}

export class RenameFileDto extends FilePathDto {
  @ApiProperty({ description: 'New name (not a path), e.g. `site2.css`' })
  @IsString()
  @MaxLength(100)
  rename: string;
}

export class EditFileDto extends FilePathDto {
  @ApiProperty({ description: 'The new text (UTF-8, at most 1 MB)' })
  @IsString()
  @MaxLength(EDIT_MAX_BYTES)
  fileContent: string;
}

export class AddFileDto {
  @ApiProperty({ description: 'Folder to create in, relative to the site root' })
  @IsString()
  @MaxLength(FILE_PATH_MAX)
  dir: string;

  @ApiProperty({ description: 'Name of the new file or folder' })
  @IsString()
  @MaxLength(100)
  fileName: string;

  @ApiProperty({ description: 'true: a folder; false: an empty text file' })
  @IsBoolean()
  isDirectory: boolean;
}

export class UploadFilesDto {
  @ApiProperty({ description: 'Folder to upload into, relative to the site root' })
  @IsString()
  @MaxLength(FILE_PATH_MAX)
  dir: string;

  @ApiPropertyOptional({ description: '`true`: replace files of the same name (without it such an upload is refused)', enum: ['true', 'false'] })
  @IsOptional()
  @IsIn(['true', 'false'])
  overwrite?: 'true' | 'false';
}

/** A row of the file table (the admin client reads it as `SiteFileRow`). */
export class FileRowDto implements SiteFileRow<Date> {
  @ApiProperty() filePath: string;
  @ApiProperty() fileName: string;
  @ApiProperty() isDirectory: boolean;
  @ApiProperty() fileSize: number;
  @ApiPropertyOptional({ nullable: true }) modifyTime: Date | null;
  @ApiProperty({ description: 'A text file the editor opens' }) canEdit: boolean;
  @ApiProperty({ description: 'A root folder of the site (a pipe, theme assets, templates): fixed' }) isRoot: boolean;
  @ApiProperty({ description: 'A template file or folder: edited here through the template module, managed in Templates' })
  isTemplate: boolean;
}
