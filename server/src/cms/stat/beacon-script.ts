/**
 * The beacon published pages load (`GET /api/stat/beacon.js`; inline script is not allowed by the pages' CSP): it
 * reads the site, content and catalog from its own `data-*` attributes and sends one view with the page address and
 * referrer to the `visit` route next to it, by `navigator.sendBeacon` (an image request where that is missing).
 * Plain ES5, no framework; it inserts nothing into the page.
 */
export const BEACON_SCRIPT = `(function () {
  var s = document.currentScript;
  if (!s || !s.src) return;
  var base = s.src.replace(/\\/api\\/stat\\/beacon\\.js(\\?.*)?$/, '');
  var q = 'url=' + encodeURIComponent(String(location.href).slice(0, 2000)) +
    '&referrer=' + encodeURIComponent(String(document.referrer || '').slice(0, 2000));
  var keys = ['site', 'content', 'catalog'];
  for (var i = 0; i < keys.length; i++) {
    var v = s.getAttribute('data-' + keys[i]);
    if (v && /^[1-9][0-9]{0,17}$/.test(v)) q += '&' + keys[i] + 'Id=' + v;
  }
  var url = base + '/api/stat/visit?' + q;
  try {
    if (navigator.sendBeacon && navigator.sendBeacon(url)) return;
  } catch (e) {}
  new Image().src = url;
})();
`;
