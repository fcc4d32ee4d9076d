import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class CacheKeyQueryDto {
  @ApiProperty({ description: 'Key inside our namespace, e.g. config:sys.index.skinName' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(512)
  key: string;
}

export class CacheOverviewDto {
  @ApiProperty({ enum: ['redis', 'memory'] }) store: 'redis' | 'memory';
  @ApiProperty({ description: "Our key namespace in Redis ('' for the memory store)" }) namespace: string;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'Parsed INFO (Redis only)' })
  redis: Record<string, unknown> | null;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'Top commands by calls' })
  commandStats: Array<Record<string, unknown>>;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'keys, bytes (memory store only)' })
  memory: Record<string, unknown> | null;
}

export class CacheGroupDto {
  @ApiProperty() id: string;
  @ApiProperty() prefix: string;
  @ApiProperty() cacheName: string;
  @ApiProperty() keys: number;
  @ApiProperty({ nullable: true, type: 'integer' }) bytes: number | null;
}

export class CacheKeyRowDto {
  @ApiProperty() cacheKey: string;
  @ApiProperty({ nullable: true, type: 'integer', description: 'ms to live; null without expiry' }) ttlMs: number | null;
}

export class CacheKeysDto {
  @ApiProperty({ type: CacheKeyRowDto, isArray: true }) keys: CacheKeyRowDto[];
  @ApiProperty({ description: 'More keys exist than listed' }) truncated: boolean;
}

export class CacheValueDto {
  @ApiProperty() cacheKey: string;
  @ApiProperty() cacheName: string;
  @ApiProperty({ description: 'The value, credentials masked' }) cacheValue: string;
  @ApiProperty({ nullable: true, type: 'integer' }) ttlMs: number | null;
}

export class CacheDeletedDto {
  @ApiProperty() deleted: number;
}
