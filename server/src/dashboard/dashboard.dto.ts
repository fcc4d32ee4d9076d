import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** One figure over the window: a value per day (zero-filled, oldest first), today's value and the window's total. */
export class DailyFigureDto {
  @ApiProperty({ description: 'Value of today (the last day of the window)' }) today: number;
  @ApiProperty({ description: 'Sum over the window' }) total: number;
  @ApiProperty({ type: [Number], description: 'One value per day of `days`, oldest first; 0 for a day without data' }) series: number[];
}

/** Check orders (needs `check:order:list`). */
export class CheckOrderFiguresDto {
  @ApiProperty({ type: DailyFigureDto, description: 'Orders placed' }) orders: DailyFigureDto;
  @ApiProperty({ type: DailyFigureDto, description: 'Revenue in fen: orders paid that day and not refunded' }) revenue: DailyFigureDto;
  @ApiProperty({ type: DailyFigureDto, description: 'Checks finished (orders entering done)' }) finished: DailyFigureDto;
  @ApiProperty({ type: DailyFigureDto, description: 'Checks failed (orders entering failed)' }) failed: DailyFigureDto;
}

/** AI writing (needs `ai:usage:list`). */
export class AiFiguresDto {
  @ApiProperty({ type: DailyFigureDto, description: "Members' generations that reached a provider" }) generations: DailyFigureDto;
  @ApiProperty({ type: DailyFigureDto, description: 'Tokens spent (prompt + completion), every upstream call' }) tokens: DailyFigureDto;
}

/** Members (needs `cms:member:view`). */
export class MemberFiguresDto {
  @ApiProperty({ type: DailyFigureDto, description: 'Members registered' }) registered: DailyFigureDto;
}

/** Content (needs `cms:content:view`; only catalogs the caller may view). */
export class ContentFiguresDto {
  @ApiProperty({ type: DailyFigureDto, description: 'Content published (by publish date), still on the site' }) published: DailyFigureDto;
}

/** The back-office home's figures: only the sections the caller has the permission to see are present. */
export class DashboardDto {
  @ApiProperty({ description: 'Time zone the days are cut in (the server’s)', example: 'Asia/Shanghai' }) timeZone: string;
  @ApiProperty({ type: [String], description: 'The days of the window (YYYY-MM-DD), oldest first; the last is today' }) days: string[];
  @ApiPropertyOptional({ type: CheckOrderFiguresDto }) checkOrders?: CheckOrderFiguresDto;
  @ApiPropertyOptional({ type: AiFiguresDto }) ai?: AiFiguresDto;
  @ApiPropertyOptional({ type: MemberFiguresDto }) members?: MemberFiguresDto;
  @ApiPropertyOptional({ type: ContentFiguresDto }) content?: ContentFiguresDto;
}
