// What type modules (manual blocks, ad spaces, …) use of page widgets: see PageWidgetType for how a type registers.
export { CmsPageWidgetModule } from './cms-page-widget.module';
export {
  CmsPageWidgetService,
  PAGE_WIDGET_OBJECT,
  CREATOR_WIDGET_ACTIONS,
  type PageWidgetAction,
  type PageWidgetView,
} from './cms-page-widget.service';
export { PageWidgetTypeRegistry, type PageWidgetType, type PageWidgetRenderContext, type PageWidgetContentContext } from './page-widget-type';
export { CmsPageWidget, type PageWidgetState } from './cms-page-widget.entity';
export { CreatePageWidgetDto, UpdatePageWidgetDto, PageWidgetQueryDto, PageWidgetDto, PageWidgetFieldsDto } from './cms-page-widget.dto';
export { PageWidgetIdPipe, PageWidgetIdsPipe } from './page-widget-ids.pipe';
