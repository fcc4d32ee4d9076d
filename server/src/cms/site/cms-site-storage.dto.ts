import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const SITE_STORAGE_DRIVERS = ['default', 's3'] as const;
export type SiteStorageDriver = (typeof SITE_STORAGE_DRIVERS)[number];

/** Where a site's resources (the library's files and their thumbnails) live. */
export class SiteStorageDto {
  @ApiProperty({
    enum: SITE_STORAGE_DRIVERS,
    description: "default = the product's storage (local folder or its S3 bucket); s3 = the site's own bucket",
  })
  @IsIn(SITE_STORAGE_DRIVERS, { message: 'cms.site.storage.driver' })
  driver: SiteStorageDriver;

  @ApiPropertyOptional({ description: 'S3-compatible endpoint origin, e.g. https://oss-cn-hangzhou.aliyuncs.com or http://minio:9000' })
  @ValidateIf((o: SiteStorageDto) => o.driver === 's3')
  @Transform(trimmed)
  @IsString({ message: 'cms.site.storage.endpoint' })
  @Matches(/^https?:\/\/[A-Za-z0-9.[\]:-]+\/?$/, { message: 'cms.site.storage.endpoint' })
  @MaxLength(255, { message: 'cms.site.storage.endpoint' })
  endpoint?: string;

  @ApiPropertyOptional({ description: 'Region (us-east-1 when empty)' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @Matches(/^[A-Za-z0-9-]{0,64}$/, { message: 'cms.site.storage.region' })
  region?: string;

  @ApiPropertyOptional({ description: 'Bucket name (3-63 lower-case letters, digits, dots, dashes)' })
  @ValidateIf((o: SiteStorageDto) => o.driver === 's3')
  @Transform(trimmed)
  @IsString({ message: 'cms.site.storage.bucket' })
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'cms.site.storage.bucket' })
  bucket?: string;

  @ApiPropertyOptional()
  @ValidateIf((o: SiteStorageDto) => o.driver === 's3')
  @Transform(trimmed)
  @IsString({ message: 'cms.site.storage.accessKey' })
  @Matches(/^\S{1,128}$/, { message: 'cms.site.storage.accessKey' })
  accessKey?: string;

  @ApiPropertyOptional({ description: 'Secret key; omit or send empty to keep the stored one' })
  @IsOptional()
  @IsString()
  @MaxLength(256, { message: 'cms.site.storage.secretKey' })
  secretKey?: string;

  @ApiPropertyOptional({
    description: 'Public URL of the bucket (CDN or bucket domain) used in published pages when the site has no resource domain',
  })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @Matches(/^(https?:\/\/[^\s<>"'`]+)?$/i, { message: 'cms.site.storage.publicUrl' })
  @MaxLength(255, { message: 'cms.site.storage.publicUrl' })
  publicUrl?: string;
}

/** What GET answers: the settings without the secret, and the files that a change would copy. */
export class SiteStorageViewDto {
  @ApiProperty({ enum: SITE_STORAGE_DRIVERS }) driver: SiteStorageDriver;
  @ApiProperty() endpoint: string;
  @ApiProperty() region: string;
  @ApiProperty() bucket: string;
  @ApiProperty() accessKey: string;
  @ApiProperty({ description: 'Whether a secret key is stored (it is never answered)' }) secretKeySet: boolean;
  @ApiProperty() publicUrl: string;
  @ApiProperty({ description: 'Base URL of resources in published pages' }) resourceBase: string;
  @ApiProperty({ description: 'Resource files on the current storage (what a change copies)' }) fileCount: number;
}

export class SiteStorageChangeDto {
  @ApiProperty({ description: 'Files copied to the new storage' }) copied: number;
  @ApiProperty() bytes: number;
  @ApiProperty({ description: 'Files left in the previous storage (kept, never deleted by the change)' }) keptInPrevious: number;
}
