/**
 * Page script that lets widgets of published pages (comments, votes) act in a member's name. Published pages run in
 * an opaque origin on the built-in server (and on another host in production), so they cannot read the member site's
 * `Member-Token` cookie. Instead `zhiwenMember.connect(apiUrl)` opens the member site's `/connect` popup, where the
 * member signs in if needed and agrees; that page asks `POST /api/member/page-token` for a token of the page scope and
 * posts it back here. The token lives in this page's memory only and is accepted only by routes marked
 * `@AcceptPageToken()` (comment, like, vote). Included once per page by every widget that needs it.
 *
 * - `zhiwenMember.token()`: the token, or null (none yet, or expired);
 * - `zhiwenMember.nickName()`: the member's name once connected;
 * - `zhiwenMember.connect(apiUrl)`: a promise of the token (rejected when the popup is blocked or closed unanswered);
 * - `zhiwenMember.headers(apiUrl?)`: `{ Authorization: 'Bearer …' }` when connected, else `{}`.
 */
export const PAGE_MEMBER_SCRIPT = `(function () {
  if (window.zhiwenMember) return;
  var state = { token: null, nickName: null, expiresAt: 0 };
  var pending = null;
  function memberOrigin(apiUrl) {
    return new URL(apiUrl || '/prod-api', location.href).origin;
  }
  function live() {
    return state.token && Date.now() < state.expiresAt - 5000 ? state.token : null;
  }
  window.zhiwenMember = {
    token: live,
    nickName: function () { return live() ? state.nickName : null; },
    headers: function () { var t = live(); return t ? { Authorization: 'Bearer ' + t } : {}; },
    connect: function (apiUrl) {
      if (live()) return Promise.resolve(state.token);
      if (pending) return pending.promise;
      var origin = memberOrigin(apiUrl);
      var popup = window.open(origin + '/connect?redirect=%2Fconnect', 'zhiwen-connect', 'width=520,height=680');
      if (!popup) return Promise.reject(new Error('popup-blocked'));
      pending = {};
      pending.promise = new Promise(function (resolve, reject) {
        function done(error, token) {
          window.removeEventListener('message', onMessage);
          clearInterval(watch);
          pending = null;
          if (error) reject(error); else resolve(token);
        }
        function onMessage(event) {
          // Only the member site's own page may hand a token over.
          if (event.origin !== origin || event.source !== popup) return;
          var data = event.data || {};
          if (data.type !== 'zhiwen:page-token' || typeof data.token !== 'string') return;
          state = { token: data.token, nickName: String(data.nickName || ''), expiresAt: Number(data.expiresAt) || 0 };
          done(null, data.token);
        }
        window.addEventListener('message', onMessage);
        var watch = setInterval(function () {
          if (popup.closed) done(new Error('popup-closed'));
        }, 500);
      });
      return pending.promise;
    }
  };
})();`;
