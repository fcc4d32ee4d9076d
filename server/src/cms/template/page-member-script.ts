/**
 * Page script that lets widgets of published pages (comments, votes) act in a member's name. Published pages run in
 * an opaque origin on the built-in server (and on another host in production), so they cannot read the member site's
 * `Member-Token` cookie, nor keep anything in storage. Instead `zhiwenMember.connect(apiUrl)` sends the visitor to the
 * member site's `/connect?return=<this page>`, where the member signs in if needed and agrees; the member site asks
 * `POST /api/member/page-token` (which answers only for pages of our own published sites) and comes back here with
 * `#zw_token=…&zw_exp=…&zw_nick=…`. This script takes the token out of the address on load. It lives in this page's
 * memory only and is accepted only by routes marked `@AcceptPageToken()` (comment, like, vote). Included once per
 * page by every widget that needs it.
 *
 * - `zhiwenMember.token()`: the token, or null (none yet, or expired);
 * - `zhiwenMember.nickName()`: the member's name once connected;
 * - `zhiwenMember.headers()`: `{ Authorization: 'Bearer …' }` when connected, else `{}`;
 * - `zhiwenMember.connect(apiUrl)`: goes to the member site to connect (the page comes back connected); answers a promise
 *   that never settles, as the page is leaving.
 */
export const PAGE_MEMBER_SCRIPT = `(function () {
  if (window.zhiwenMember) return;
  var state = { token: null, nickName: null, expiresAt: 0 };
  var hash = location.hash;
  if (hash.indexOf('zw_token=') >= 0) {
    var params = new URLSearchParams(hash.slice(1));
    state = { token: params.get('zw_token'), nickName: params.get('zw_nick') || '', expiresAt: Number(params.get('zw_exp')) || 0 };
    params.delete('zw_token'); params.delete('zw_exp'); params.delete('zw_nick');
    var rest = params.toString();
    try { history.replaceState(null, '', location.pathname + location.search + (rest ? '#' + rest : '')); } catch (e) { /* kept in the address */ }
  }
  function live() {
    return state.token && Date.now() < state.expiresAt - 5000 ? state.token : null;
  }
  window.zhiwenMember = {
    token: live,
    nickName: function () { return live() ? state.nickName : null; },
    headers: function () { var t = live(); return t ? { Authorization: 'Bearer ' + t } : {}; },
    connect: function (apiUrl) {
      var origin = new URL(apiUrl || '/prod-api', location.href).origin;
      location.href = origin + '/connect?return=' + encodeURIComponent(location.href.split('#')[0]);
      // The page is leaving: callers that wait for the token wait for good.
      return new Promise(function () {});
    }
  };
})();`;
