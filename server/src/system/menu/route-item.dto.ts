import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { RouteItem } from './route-item';

class RouteMetaDto {
  @ApiProperty() title: string;
  @ApiProperty() icon: string;
  @ApiProperty() noCache: boolean;
  @ApiProperty({ nullable: true, type: String }) link: string | null;
  @ApiPropertyOptional() affix?: boolean;
  @ApiPropertyOptional() breadcrumb?: boolean;
  @ApiPropertyOptional() activeMenu?: string;
}

export class RouteItemDto implements RouteItem {
  @ApiProperty() name: string;
  @ApiProperty() path: string;
  @ApiProperty() hidden: boolean;
  @ApiPropertyOptional() redirect?: string;
  @ApiProperty() component: string;
  @ApiPropertyOptional() alwaysShow?: boolean;
  @ApiPropertyOptional() query?: string;
  @ApiPropertyOptional({ type: RouteMetaDto }) meta?: RouteMetaDto;
  @ApiPropertyOptional({ type: () => [RouteItemDto] }) children?: RouteItemDto[];
}
