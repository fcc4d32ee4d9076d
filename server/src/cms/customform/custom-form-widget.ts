import { Hash, Tag, type Context, type Emitter, type Liquid, type TagToken, type TopLevelToken } from 'liquidjs';
import { PAGE_MEMBER_SCRIPT } from '../template/page-member-script';
import type { RenderState } from '../template/engine/cms-tags';

/** A form code: a letter, then letters, digits and underscores (so a code never looks like an id). */
export const CUSTOM_FORM_CODE = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;

/**
 * The custom-form widget of published pages: `{% customform code:'x' %}` writes a placeholder element and, once per
 * page, this script. The script reads the published form from the public API (`/api/customform/form?siteId&code`),
 * draws it as an HTML form (one control per field kind; the captcha image is a data URL, so a sandboxed page shows
 * it), and submits it to `/api/customform/submit` with a browser id kept in a first-party cookie of the page (when the
 * page may keep one) and the member's page token (page-member-script) when there is one. The server's messages are
 * shown as text (field messages under their field). The form is read live: publishing or taking a form offline
 * takes effect on every page at once, with no republishing.
 */
export const CUSTOM_FORM_WIDGET_JS = `(function () {
  if (window.__cmsCustomFormWidget) return;
  window.__cmsCustomFormWidget = true;
  function token() {
    return (window.zhiwenMember && window.zhiwenMember.token()) || '';
  }
  function browserId() {
    var name = 'cms_cf_bid';
    try {
      var m = document.cookie.match(/(?:^|;\\s*)cms_cf_bid=([A-Za-z0-9_-]{8,64})/);
      if (m) return m[1];
      var id = '';
      var bytes = new Uint8Array(16);
      (window.crypto || window.msCrypto).getRandomValues(bytes);
      for (var i = 0; i < bytes.length; i++) id += ('0' + bytes[i].toString(16)).slice(-2);
      document.cookie = name + '=' + id + '; path=/; max-age=31536000; SameSite=Lax';
      return document.cookie.indexOf(name + '=' + id) >= 0 ? id : '';
    } catch (e) {
      // A sandboxed page (opaque origin) keeps no cookie: the server counts the address instead.
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
  var INPUT_TYPES = { input: 'text', date: 'date', time: 'time', datetime: 'datetime-local', image: 'url', file: 'url' };
  function control(f, id) {
    var wrap = el('div', 'cms-cf-control');
    var name = 'f_' + f.code;
    if (f.controlType === 'textarea') {
      var ta = el('textarea');
      ta.name = name;
      ta.id = id;
      ta.style.cssText = 'width:100%;max-width:480px;box-sizing:border-box';
      ta.rows = 4;
      ta.value = f.defaultValue || '';
      if (f.required) ta.required = true;
      wrap.appendChild(ta);
    } else if (f.controlType === 'select') {
      var sel = el('select');
      sel.name = name;
      sel.id = id;
      var empty = el('option', null, '请选择');
      empty.value = '';
      sel.appendChild(empty);
      f.options.forEach(function (o) {
        var opt = el('option', null, o.label);
        opt.value = o.value;
        if (o.value === f.defaultValue) opt.selected = true;
        sel.appendChild(opt);
      });
      if (f.required) sel.required = true;
      wrap.appendChild(sel);
    } else if (f.controlType === 'radio' || f.controlType === 'checkbox') {
      var defaults = String(f.defaultValue || '').split(',');
      f.options.forEach(function (o) {
        var label = el('label', 'cms-cf-choice');
        label.style.marginRight = '12px';
        var input = document.createElement('input');
        input.type = f.controlType;
        input.name = name;
        input.value = o.value;
        if (defaults.indexOf(o.value) >= 0) input.checked = true;
        label.appendChild(input);
        label.appendChild(document.createTextNode(' ' + o.label));
        wrap.appendChild(label);
      });
    } else {
      var inp = document.createElement('input');
      inp.type = INPUT_TYPES[f.controlType] || 'text';
      if (f.controlType === 'time') inp.step = 1;
      inp.name = name;
      inp.id = id;
      inp.style.cssText = 'width:100%;max-width:320px;box-sizing:border-box';
      inp.value = f.defaultValue || '';
      if (f.validations.indexOf('email') >= 0) inp.type = 'email';
      if (f.validations.indexOf('phone') >= 0) inp.type = 'tel';
      wrap.appendChild(inp);
    }
    return wrap;
  }
  function valueOf(form, f) {
    var name = 'f_' + f.code;
    if (f.controlType === 'checkbox') {
      return Array.prototype.map.call(form.querySelectorAll('input[name="' + name + '"]:checked'), function (i) { return i.value; });
    }
    if (f.controlType === 'radio') {
      var on = form.querySelector('input[name="' + name + '"]:checked');
      return on ? on.value : '';
    }
    var input = form.querySelector('[name="' + name + '"]');
    var v = input ? input.value : '';
    return f.controlType === 'datetime' ? v.replace('T', ' ') : v;
  }
  function mount(box) {
    var api = (box.getAttribute('data-api') || '/prod-api').replace(/\\/+$/, '');
    var code = box.getAttribute('data-form') || '';
    var site = box.getAttribute('data-site') || '';
    var msg = el('div', 'cms-cf-msg');
    msg.setAttribute('role', 'status');
    function say(text, ok) {
      msg.textContent = text || '';
      msg.className = 'cms-cf-msg' + (text ? (ok ? ' cms-cf-ok' : ' cms-cf-error') : '');
      msg.style.color = ok ? '#1a7f37' : '#cf222e';
    }
    function render(def) {
      var form = el('form', 'cms-cf-form');
      form.noValidate = true;
      form.setAttribute('data-form-id', def.formId);
      form.appendChild(el('h3', 'cms-cf-title', def.name));
      var errors = {};
      def.fields.forEach(function (f) {
        // A group of choices is a fieldset named by its legend; any other control is named by its label.
        var group = f.controlType === 'radio' || f.controlType === 'checkbox';
        var row = el(group ? 'fieldset' : 'div', 'cms-cf-field');
        row.style.cssText = 'margin:0 0 12px;padding:0;border:0';
        row.setAttribute('data-field', f.code);
        var id = 'cms-cf-' + def.formId + '-' + f.code;
        var label = el(group ? 'legend' : 'label', 'cms-cf-label', f.name);
        label.style.cssText = 'display:block;margin-bottom:4px;padding:0';
        if (!group) label.htmlFor = id;
        if (f.required) label.appendChild(el('span', 'cms-cf-required', ' *'));
        row.appendChild(label);
        row.appendChild(control(f, id));
        var err = el('div', 'cms-cf-field-error');
        err.style.color = '#cf222e';
        errors[f.code] = err;
        row.appendChild(err);
        form.appendChild(row);
      });
      var captcha = null;
      var uuid = '';
      function refreshCaptcha() {
        if (!captcha) return;
        call(api, 'GET', '/api/customform/captchaImage').then(function (r) {
          if (r.code !== 200) return;
          uuid = r.data.uuid;
          captcha.img.src = r.data.img;
        });
      }
      if (def.needCaptcha) {
        var crow = el('div', 'cms-cf-field cms-cf-captcha');
        crow.style.cssText = 'margin:0 0 12px';
        var clabel = el('label', 'cms-cf-label', '验证码');
        clabel.htmlFor = 'cms-cf-' + def.formId + '-captcha';
        clabel.style.cssText = 'display:block;margin-bottom:4px';
        crow.appendChild(clabel);
        var cin = document.createElement('input');
        cin.id = 'cms-cf-' + def.formId + '-captcha';
        cin.name = 'captcha';
        cin.autocomplete = 'off';
        cin.maxLength = 16;
        var img = document.createElement('img');
        img.alt = '验证码';
        img.title = '看不清，换一张';
        img.style.cssText = 'cursor:pointer;vertical-align:middle;margin-left:8px';
        img.addEventListener('click', refreshCaptcha);
        crow.appendChild(cin);
        crow.appendChild(img);
        form.appendChild(crow);
        captcha = { input: cin, img: img };
        refreshCaptcha();
      }
      var actions = el('div', 'cms-cf-actions');
      var submit = el('button', 'cms-cf-submit', '提交');
      submit.type = 'submit';
      actions.appendChild(submit);
      form.appendChild(actions);
      form.appendChild(msg);
      form.addEventListener('submit', function (e) {
        e.preventDefault();
        if (def.ruleLimit === 'member' && !token() && window.zhiwenMember) {
          say('请先登录会员再提交');
          window.zhiwenMember.connect(api);
          return;
        }
        var values = {};
        def.fields.forEach(function (f) {
          values[f.code] = valueOf(form, f);
          errors[f.code].textContent = '';
        });
        var body = { formId: def.formId, values: values, browserId: browserId() || undefined };
        if (captcha) {
          body.uuid = uuid;
          body.captcha = captcha.input.value.trim();
        }
        submit.disabled = true;
        say('');
        call(api, 'POST', '/api/customform/submit', body).then(
          function (r) {
            submit.disabled = false;
            if (captcha) {
              captcha.input.value = '';
              refreshCaptcha();
            }
            if (r.code !== 200) {
              var list = (r.data && r.data.errors) || [];
              var marked = 0;
              list.forEach(function (x) {
                if (errors[x.field]) {
                  errors[x.field].textContent = x.message;
                  marked++;
                }
              });
              return say(marked > 1 ? r.msg + '（共 ' + marked + ' 处需要修改）' : r.msg);
            }
            form.reset();
            say(r.msg, true);
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
    call(api, 'GET', '/api/customform/form?siteId=' + encodeURIComponent(site) + '&code=' + encodeURIComponent(code)).then(
      function (r) {
        if (r.code === 200) return render(r.data);
        box.textContent = '';
        box.appendChild(msg);
        say(r.msg);
      },
      function () {
        box.appendChild(msg);
        say('表单加载失败，请稍后再试');
      },
    );
  }
  function start() {
    var boxes = document.querySelectorAll('.cms-customform[data-form]');
    for (var i = 0; i < boxes.length; i++) mount(boxes[i]);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();`;

const escapeAttr = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The HTML of `{% customform %}`: the placeholder, and when the page has none yet the page member script and the widget. */
export function customFormWidgetHtml(code: string, siteId: string, apiUrl: string, withScript: boolean): string {
  // Without script the placeholder says why no form shows (the widget replaces it).
  const box = `<div class="cms-customform" data-form="${escapeAttr(code)}" data-site="${escapeAttr(siteId)}" data-api="${escapeAttr(apiUrl)}"><noscript>${NOSCRIPT}</noscript></div>`;
  return withScript ? `${box}<script>${PAGE_MEMBER_SCRIPT}</script><script>${CUSTOM_FORM_WIDGET_JS}</script>` : box;
}

/** What a browser without script shows in place of the form. */
const NOSCRIPT = '请启用浏览器的 JavaScript 后填写此表单';

/** Render states whose page already holds the widget's script (written once per page). */
const scripted = new WeakSet<object>();

/** `{% customform code:'x' %}`: a published custom form of the site, drawn and submitted by the widget. */
export function customFormTag(stateOf: () => RenderState) {
  return class CustomFormTag extends Tag {
    private readonly hash: Hash;
    constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
      super(token, remainTokens, liquid);
      this.hash = new Hash(this.tokenizer, liquid.options.keyValueSeparator);
      this.tokenizer.skipBlank();
      if (this.tokenizer.p < this.tokenizer.N)
        throw new Error(`unexpected "${this.tokenizer.input.slice(this.tokenizer.p, this.tokenizer.N).slice(0, 40)}" in tag customform`);
      for (const key of Object.keys(this.hash.hash)) {
        if (key !== 'code') throw new Error(`unknown argument "${key}" of tag customform (allowed: code)`);
      }
    }
    *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
      const args = (yield this.hash.render(ctx)) as Record<string, unknown>;
      const code = typeof args.code === 'string' ? args.code.trim() : '';
      if (!code || !CUSTOM_FORM_CODE.test(code)) throw new Error('tag customform needs code: a letter, then letters, digits or underscores');
      const state = stateOf();
      emitter.write(customFormWidgetHtml(code, state.site.siteId, state.site.apiUrl || '/prod-api', !scripted.has(state)));
      scripted.add(state);
    }
  };
}
