import { registerExtensionTag } from '../template/engine/extension-tags';
import type { LinkView } from './friend-link.dto';

/** Most links `link_list` shows of a group. */
export const LINK_LIST_MAX = 200;
const GROUP_CODE = /^[A-Za-z0-9_]{1,50}$/;

/** Reads a site's group of links by code, by sort. */
export type FriendLinkLoader = (siteId: string, code: string, limit: number) => Promise<Array<Omit<LinkView, 'logoUrl'>>>;

// Without the friend link module (the pure engine, as its own tests run it) a group has no links.
let loader: FriendLinkLoader = async () => [];

/** Set by FriendLinkService when the app starts: where `link_list` reads links. */
export function setFriendLinkLoader(next: FriendLinkLoader): void {
  loader = next;
}

/**
 * `{% link_list code:'friend' limit:20 %}<a href="{{ item.url }}">{{ item.name }}</a>{% else %}…{% endlink_list %}`
 * or `{% link_list code:'friend' as links %}`: the links of the site's friend link group with that code (linkId,
 * name, url, logo, logoUrl, remark), by sort; none when there is no such group. The engine imports this file, so the
 * tag is always known to the parser (the template editor's syntax check included).
 */
registerExtensionTag('link_list', {
  args: ['code', 'limit'],
  block: true,
  load: async (ctx, args) => {
    const code = typeof args.code === 'string' ? args.code.trim() : '';
    if (!GROUP_CODE.test(code)) throw new Error('tag link_list needs code: the code of a friend link group');
    const limit = args.limit === undefined || args.limit === null || args.limit === '' ? 50 : Number(args.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > LINK_LIST_MAX) throw new Error(`limit must be an integer from 1 to ${LINK_LIST_MAX}`);
    const rows = await loader(ctx.siteId, code, limit);
    return rows.map((r): LinkView => ({ ...r, logoUrl: r.logo ? ctx.urls.resource(r.logo) : '' }));
  },
});
