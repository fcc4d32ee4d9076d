import { PAGE_MEMBER_SCRIPT } from '../cms/template/page-member-script';

/**
 * The vote widget of published pages: `{% vote code:'x' %}` writes a placeholder element and, once per page, this
 * small script. The script loads the vote from the public API (`/api/vote/<code>`), renders it as a form (radio,
 * checkbox, textarea), submits it with the member's token when the page can read the `Member-Token` cookie, and shows
 * the results as the vote's view type allows. Everything it inserts is text (textContent), never markup. The data is
 * live: a published page needs no republishing when votes come in.
 */
/** A vote code: a letter, then letters, digits and underscores (so a code never looks like an id). */
export const VOTE_CODE = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;

export const VOTE_WIDGET_JS = `(function () {
  if (window.__cmsVoteWidget) return;
  window.__cmsVoteWidget = true;
  function token() {
    // A page token from the member site's /connect popup (page-member-script), else the site host's cookie.
    var member = window.zhiwenMember && window.zhiwenMember.token();
    if (member) return member;
    try {
      var m = document.cookie.match(/(?:^|;\\s*)Member-Token=([^;]*)/);
      return m ? decodeURIComponent(m[1]) : '';
    } catch (e) {
      return '';
    }
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function call(api, method, path, body) {
    var headers = { Accept: 'application/json', 'Accept-Language': document.documentElement.lang || 'zh-CN' };
    var t = token();
    if (t) headers.Authorization = 'Bearer ' + t;
    if (body) headers['Content-Type'] = 'application/json';
    return fetch(api + path, { method: method, headers: headers, body: body ? JSON.stringify(body) : undefined, credentials: 'omit' }).then(function (r) {
      return r.json().catch(function () {
        return { code: r.status, msg: r.statusText };
      });
    });
  }
  function mount(box) {
    var api = (box.getAttribute('data-api') || '/prod-api').replace(/\\/+$/, '');
    var code = box.getAttribute('data-vote') || '';
    var msg = el('div', 'cms-vote-msg');
    msg.setAttribute('role', 'status');
    function say(text, ok) {
      msg.textContent = text || '';
      msg.className = 'cms-vote-msg' + (text ? (ok ? ' cms-vote-ok' : ' cms-vote-error') : '');
      msg.style.color = ok ? '#1a7f37' : '#cf222e';
    }
    function showResult(d) {
      var old = box.querySelector('.cms-vote-result');
      if (old) old.parentNode.removeChild(old);
      var res = el('div', 'cms-vote-result');
      res.appendChild(el('div', 'cms-vote-total', '共 ' + d.total + ' 人次参与'));
      d.subjects.forEach(function (s) {
        if (s.type === 'input') return;
        var sec = el('div', 'cms-vote-result-subject');
        sec.appendChild(el('div', 'cms-vote-result-title', s.title));
        var sum = s.items.reduce(function (n, i) { return n + i.total; }, 0);
        s.items.forEach(function (it) {
          var pct = sum ? Math.round((it.total * 100) / sum) : 0;
          var row = el('div', 'cms-vote-bar');
          row.setAttribute('data-item', it.itemId);
          row.appendChild(el('span', 'cms-vote-bar-label', it.content + ' '));
          var track = el('span', 'cms-vote-bar-track');
          track.style.cssText = 'display:inline-block;width:40%;height:8px;background:#eee;margin:0 6px;vertical-align:middle';
          var fill = el('span', 'cms-vote-bar-fill');
          fill.style.cssText = 'display:block;height:100%;background:#1677ff;width:' + pct + '%';
          track.appendChild(fill);
          row.appendChild(track);
          row.appendChild(el('span', 'cms-vote-bar-count', it.total + ' 票（' + pct + '%）'));
          sec.appendChild(row);
        });
        res.appendChild(sec);
      });
      box.appendChild(res);
    }
    function loadResult() {
      return call(api, 'GET', '/api/vote/result/' + encodeURIComponent(code)).then(function (r) {
        if (r.code === 200) showResult(r.data);
        else say(r.msg);
      });
    }
    function render(v) {
      var form = el('form', 'cms-vote-form');
      form.setAttribute('data-vote-id', v.voteId);
      form.appendChild(el('h3', 'cms-vote-title', v.title));
      v.subjects.forEach(function (s, n) {
        var fs = el('fieldset', 'cms-vote-subject');
        fs.setAttribute('data-subject', s.subjectId);
        fs.appendChild(el('legend', null, n + 1 + '. ' + s.title));
        if (s.type === 'input') {
          var ta = el('textarea');
          ta.name = 's' + s.subjectId;
          ta.maxLength = 500;
          ta.rows = 3;
          fs.appendChild(ta);
        } else {
          s.items.forEach(function (it) {
            var label = el('label', 'cms-vote-item');
            label.style.display = 'block';
            var input = document.createElement('input');
            input.type = s.type === 'radio' ? 'radio' : 'checkbox';
            input.name = 's' + s.subjectId;
            input.value = it.itemId;
            label.appendChild(input);
            label.appendChild(document.createTextNode(' ' + it.content));
            fs.appendChild(label);
          });
        }
        form.appendChild(fs);
      });
      var actions = el('div', 'cms-vote-actions');
      var submit = el('button', 'cms-vote-submit', '提交');
      submit.type = 'submit';
      actions.appendChild(submit);
      if (v.viewType !== '0') {
        var view = el('button', 'cms-vote-view', '查看结果');
        view.type = 'button';
        view.addEventListener('click', loadResult);
        actions.appendChild(view);
      }
      form.appendChild(actions);
      form.appendChild(msg);
      form.addEventListener('submit', function (e) {
        e.preventDefault();
        var answers = [];
        v.subjects.forEach(function (s) {
          var name = 's' + s.subjectId;
          if (s.type === 'input') {
            var text = form.querySelector('textarea[name="' + name + '"]').value.trim();
            if (text) answers.push({ subjectId: s.subjectId, text: text });
            return;
          }
          var ids = Array.prototype.map.call(form.querySelectorAll('input[name="' + name + '"]:checked'), function (i) { return i.value; });
          if (ids.length) answers.push({ subjectId: s.subjectId, itemIds: ids });
        });
        submit.disabled = true;
        say('');
        var body = { voteId: v.voteId, answers: answers };
        function send(again) {
          return call(api, 'POST', '/api/vote', body).then(function (r) {
            // A members-only vote and no member yet: the member site's popup signs in and hands a page token over.
            if (r.code === 401 && !again && window.zhiwenMember) {
              return window.zhiwenMember.connect(api).then(
                function () { return send(true); },
                function () { return r; },
              );
            }
            return r;
          });
        }
        // A members-only vote and no member yet: go to the member site to connect (page-member-script); the page
        // comes back holding a page token, and the next submission is sent with it.
        var first =
          v.userType === 'member' && !token() && window.zhiwenMember
            ? window.zhiwenMember.connect(api).then(
                function () { return send(true); },
                function () { return send(true); },
              )
            : send(false);
        first.then(
          function (r) {
            submit.disabled = false;
            if (r.code !== 200) return say(r.msg);
            say(r.data || r.msg, true);
            if (v.viewType !== '0') loadResult();
          },
          function () {
            submit.disabled = false;
            say('提交失败，请稍后再试');
          },
        );
      });
      box.textContent = '';
      box.appendChild(form);
    }
    call(api, 'GET', '/api/vote/' + encodeURIComponent(code)).then(
      function (r) {
        if (r.code === 200) return render(r.data);
        box.textContent = '';
        box.appendChild(msg);
        say(r.msg);
      },
      function () {
        box.appendChild(msg);
        say('投票加载失败，请稍后再试');
      },
    );
  }
  function start() {
    var boxes = document.querySelectorAll('.cms-vote[data-vote]');
    for (var i = 0; i < boxes.length; i++) mount(boxes[i]);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();`;

const escapeAttr = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The HTML of `{% vote %}`: the placeholder, and when the page has none yet the widget script with the page member
 * script it uses to vote in a member's name (that one guards itself, so other widgets may include it too).
 */
export function voteWidgetHtml(code: string, apiUrl: string, withScript: boolean): string {
  const box = `<div class="cms-vote" data-vote="${escapeAttr(code)}" data-api="${escapeAttr(apiUrl)}"></div>`;
  return withScript ? `${box}<script>${PAGE_MEMBER_SCRIPT}</script><script>${VOTE_WIDGET_JS}</script>` : box;
}
