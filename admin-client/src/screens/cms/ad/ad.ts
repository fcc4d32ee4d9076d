/**
 * 广告 > 广告位 and 广告管理: the screens' resources (menu paths `cms/ad/adspace`, `cms/ad/advertisement`) and their
 * APIs (ChestnutCMS's paths: lists are `GET /cms/adspace` and `GET /cms/advertisement`, not `<api>/list`).
 */
export const AD_SPACE_RESOURCE = 'cms/ad/adspace';
export const AD_SPACE_API = 'cms/adspace';
export const AD_RESOURCE = 'cms/ad/advertisement';
export const AD_API = 'cms/advertisement';

/** A letter, then letters, digits, underscores (the server's WIDGET_CODE). */
export const SPACE_CODE = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;
/** The fragment's file, relative to the pipe folder (the server's WIDGET_PATH). */
export const SPACE_PATH = /^([A-Za-z0-9_-]+\/){0,8}[A-Za-z0-9_-]+\.(html|shtml|htm)$/;

export const AD_TYPES = ['image', 'text', 'code'].map((id) => ({ id, name: `app.ad.type_${id}` }));
export const AD_STATUS = ['0', '1'].map((id) => ({ id, name: `app.ad.status_${id}` }));
export const LINK_TARGETS = ['_blank', '_self'].map((id) => ({ id, name: `app.ad.target${id}` }));
export const SPACE_STATES = ['0', '1'].map((id) => ({ id, name: `app.adspace.state_${id}` }));

const iso = (value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
};

/** Fields the ad space forms send. */
export function adSpaceBody(values: Record<string, unknown>): Record<string, unknown> {
  return {
    ...(values.pageWidgetId ? { pageWidgetId: String(values.pageWidgetId) } : {}),
    name: String(values.name ?? '').trim(),
    code: String(values.code ?? '').trim(),
    publishPipeCode: String(values.publishPipeCode ?? ''),
    path: String(values.path ?? '').trim(),
    template: String(values.template ?? '').trim(),
    remark: String(values.remark ?? ''),
  };
}

/** Fields the advert forms send (only the content its type uses). */
export function advertBody(values: Record<string, unknown>): Record<string, unknown> {
  const type = String(values.type ?? 'image');
  return {
    ...(values.advertisementId ? { advertisementId: String(values.advertisementId) } : { adSpaceId: String(values.adSpaceId ?? '') }),
    name: String(values.name ?? '').trim(),
    type,
    weight: Number(values.weight ?? 100),
    status: String(values.status ?? '0'),
    onlineDate: iso(values.onlineDate),
    offlineDate: iso(values.offlineDate),
    redirectUrl: type === 'code' ? '' : String(values.redirectUrl ?? '').trim(),
    linkTarget: String(values.linkTarget ?? '_blank'),
    resourcePath: type === 'image' ? String(values.resourcePath ?? '').trim() : '',
    content: type === 'image' ? '' : String(values.content ?? ''),
    remark: String(values.remark ?? ''),
  };
}

/** The list of adverts of one ad space: `?filter={"adSpaceId":…}` on the advert screen. */
export const advertsOfSpace = (listPath: string, adSpaceId: string) => `${listPath}?filter=${encodeURIComponent(JSON.stringify({ adSpaceId }))}`;
