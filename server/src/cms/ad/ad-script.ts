/**
 * The script a published ad space loads (`GET /api/adv/adspace.js`, external like the statistics beacon): for every
 * ad space of the page not yet handled (`.zw-adspace` without `data-picked`) it picks one of its adverts at random by
 * weight (`data-weight`), shows it (the others stay `hidden`), and sends one view beacon (`/api/adv/view?aid=`) with
 * `navigator.sendBeacon` (an image request where that is missing). Links of image and text adverts go through
 * `/api/adv/redirect` (the script adds the page address), which counts the click; a click inside a code advert sends the `click` beacon. Plain ES5.
 */
export const AD_SPACE_SCRIPT = `(function () {
  var s = document.currentScript;
  if (!s || !s.src) return;
  var base = s.src.replace(/\\/api\\/adv\\/adspace\\.js(\\?.*)?$/, '');
  var page = '&url=' + encodeURIComponent(String(location.href).slice(0, 1000));
  function send(kind, id) {
    var url = base + '/api/adv/' + kind + '?aid=' + id + page;
    try {
      if (navigator.sendBeacon && navigator.sendBeacon(url)) return;
    } catch (e) {}
    new Image().src = url;
  }
  var spaces = document.querySelectorAll('.zw-adspace');
  for (var i = 0; i < spaces.length; i++) {
    var space = spaces[i];
    if (space.getAttribute('data-picked')) continue;
    var ads = space.querySelectorAll('.zw-ad');
    var total = 0, weights = [];
    for (var j = 0; j < ads.length; j++) {
      var w = parseInt(ads[j].getAttribute('data-weight'), 10);
      weights.push(w > 0 ? w : 0);
      total += weights[j];
    }
    if (!total) { space.setAttribute('data-picked', '-'); continue; }
    var r = Math.random() * total, k = 0;
    while (k < ads.length - 1 && r >= weights[k]) { r -= weights[k]; k++; }
    var ad = ads[k], id = ad.getAttribute('data-ad');
    if (!/^[1-9][0-9]{0,17}$/.test(id || '')) continue;
    space.setAttribute('data-picked', id);
    ad.removeAttribute('hidden');
    send('view', id);
    // The click redirect learns the page too (a sandboxed page's referrer is its origin at most).
    var links = ad.getElementsByTagName('a');
    for (var n = 0; n < links.length; n++) {
      var href = links[n].getAttribute('href') || '';
      if (href.indexOf('/api/adv/redirect?') >= 0 && href.indexOf('&url=') < 0) links[n].setAttribute('href', href + page);
    }
    if (ad.getAttribute('data-track-click')) {
      ad.addEventListener('click', (function (aid) { return function () { send('click', aid); }; })(id));
    }
  }
})();
`;
