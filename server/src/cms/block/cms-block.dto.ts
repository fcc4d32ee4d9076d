import { OmitType } from '@nestjs/swagger';
import { PageWidgetFieldsDto, PageWidgetQueryDto, UpdatePageWidgetDto } from '../pagewidget/cms-page-widget.dto';

/** Manual blocks of the current site: the page widget filters without `type` (always `manual`). */
export class ManualBlockQueryDto extends OmitType(PageWidgetQueryDto, ['type'] as const) {}

/** A new manual block: the page widget fields; `content` is `{ rows: [{ items: [{ title, url, logo, summary }] }] }`. */
export class CreateManualBlockDto extends PageWidgetFieldsDto {}

export class UpdateManualBlockDto extends UpdatePageWidgetDto {}
