/**
 * The default theme: a small template set a new site starts with (home, catalog list, a detail page per content type,
 * shared header and footer). Kept as strings because the engine reads templates only from storage; the service writes
 * them there with installDefaultTheme.
 */

import { PAGE_MEMBER_SCRIPT } from './page-member-script';

/** Which default template renders what (the publisher's fallbacks when a site or catalog names none). */
export const DEFAULT_THEME_PATHS = {
  index: 'index.template.html',
  list: 'list.template.html',
  detail: {
    article: 'detail.template.html',
    image: 'detail_image.template.html',
    audio: 'detail_audio.template.html',
    video: 'detail_video.template.html',
  },
  /** The site search page, published as `search.<suffix>` at the pipe root when the pipe has it. */
  search: 'search.template.html',
} as const;

const HEADER = `<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
{%- if content -%}
  {%- assign page_title = content.seoTitle | default: content.title -%}
  {%- assign page_keywords = content.seoKeywords | default: site.seoKeywords -%}
  {%- assign page_description = content.seoDescription | default: content.summary | default: site.seoDescription -%}
{%- elsif catalog -%}
  {%- assign page_title = catalog.seoTitle | default: catalog.name -%}
  {%- assign page_keywords = catalog.seoKeywords | default: site.seoKeywords -%}
  {%- assign page_description = catalog.seoDescription | default: catalog.description | default: site.seoDescription -%}
{%- endif %}
<title>{% if page_title %}{{ page_title | escape }} - {% endif %}{{ site.seoTitle | default: site.name | escape }}</title>
<meta name="keywords" content="{{ page_keywords | default: site.seoKeywords | escape }}">
<meta name="description" content="{{ page_description | default: site.seoDescription | default: site.description | strip_html | truncate: 150 | escape }}">
<style>
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.7 -apple-system, "PingFang SC", "Microsoft YaHei", "Helvetica Neue", Arial, sans-serif; color: #222; background: #f5f6f8; }
  a { color: #1a5fb4; text-decoration: none; }
  a:hover { text-decoration: underline; }
  .wrap { max-width: 1080px; margin: 0 auto; padding: 0 16px; }
  .site-header { background: #fff; border-bottom: 1px solid #e5e7eb; }
  .site-header .wrap { display: flex; align-items: center; gap: 32px; min-height: 64px; flex-wrap: wrap; }
  .logo { font-size: 22px; font-weight: 600; color: #111; }
  .logo img { height: 40px; vertical-align: middle; }
  .nav a { margin-right: 20px; color: #333; }
  .nav a.active { color: #1a5fb4; font-weight: 600; }
  main { padding: 24px 0 40px; }
  .crumbs { color: #888; font-size: 13px; margin-bottom: 16px; }
  .crumbs a { color: #888; }
  .panel { background: #fff; border-radius: 6px; padding: 20px 24px; margin-bottom: 20px; }
  .panel h2 { margin: 0 0 12px; font-size: 18px; display: flex; justify-content: space-between; align-items: baseline; }
  .panel h2 a.more { font-size: 13px; font-weight: normal; color: #888; }
  .grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); gap: 20px; }
  .list { list-style: none; margin: 0; padding: 0; }
  .list li { display: flex; gap: 16px; padding: 12px 0; border-bottom: 1px dashed #e5e7eb; }
  .list li:last-child { border-bottom: 0; }
  .list .thumb { flex: 0 0 160px; height: 100px; object-fit: cover; border-radius: 4px; }
  .list .title { font-size: 16px; color: #111; }
  .list .meta, .article .meta { color: #999; font-size: 13px; }
  .list .summary { color: #666; font-size: 14px; margin: 4px 0 0; }
  .simple li { padding: 6px 0; justify-content: space-between; }
  .article h1 { font-size: 26px; line-height: 1.4; margin: 0 0 8px; }
  .article .body { margin-top: 20px; font-size: 16px; }
  .article .body img, .gallery img, video { max-width: 100%; height: auto; }
  .gallery figure { margin: 0 0 20px; }
  .gallery figcaption { color: #666; font-size: 14px; }
  .tags a { display: inline-block; margin-right: 8px; padding: 0 8px; background: #eef2f7; border-radius: 3px; font-size: 13px; }
  .page-bar { margin-top: 20px; text-align: center; }
  .page-bar a, .page-bar span { display: inline-block; min-width: 34px; margin: 0 3px; padding: 4px 10px; border: 1px solid #dcdfe6; border-radius: 4px; background: #fff; }
  .page-bar .page-current { background: #1a5fb4; border-color: #1a5fb4; color: #fff; }
  .page-bar .page-disabled { color: #bbb; }
  .site-footer { background: #fff; border-top: 1px solid #e5e7eb; color: #888; font-size: 13px; padding: 24px 0; text-align: center; }
  .friend-links { display: flex; flex-wrap: wrap; justify-content: center; align-items: center; gap: 6px 14px; margin-bottom: 12px; }
  .friend-links a { color: #555; }
  .friend-links img { height: 31px; max-width: 120px; vertical-align: middle; }
  .search-box { margin-left: auto; display: flex; gap: 6px; }
  .search-box input { width: 200px; padding: 6px 10px; border: 1px solid #dcdfe6; border-radius: 4px; font: inherit; }
  .search-box button, .search-form button { padding: 6px 14px; border: 0; border-radius: 4px; background: #1a5fb4; color: #fff; font: inherit; cursor: pointer; }
  .search-form { display: flex; gap: 8px; margin-bottom: 16px; }
  .search-form input { flex: 1; padding: 8px 12px; border: 1px solid #dcdfe6; border-radius: 4px; font: inherit; }
  .search-results em { color: #c0392b; font-style: normal; }
  @media (max-width: 640px) { .list .thumb { flex-basis: 96px; height: 64px; } .article h1 { font-size: 21px; } }
</style>
</head>
<body>
<header class="site-header">
  <div class="wrap">
    <a class="logo" href="{{ site.url }}">{% if site.logoUrl != '' %}<img src="{{ site.logoUrl }}" alt="{{ site.name | escape }}">{% else %}{{ site.name | escape }}{% endif %}</a>
    <nav class="nav">
      <a href="{{ site.url }}"{% unless catalog %} class="active"{% endunless %}>首页</a>
      {%- catalog_list level:'root' limit:10 %}
      <a href="{{ item.url }}"{% if catalog and catalog.catalogId == item.catalogId %} class="active"{% endif %}>{{ item.name | escape }}</a>
      {%- endcatalog_list %}
    </nav>
    <form class="search-box" role="search" action="{{ site.url }}search.{{ site.staticSuffix }}" method="get">
      <input type="search" name="q" placeholder="搜索" aria-label="搜索" maxlength="100" required>
      <button type="submit">搜索</button>
    </form>
  </div>
</header>
<main class="wrap">
`;

const FOOTER = `</main>
<footer class="site-footer">
  <div class="wrap">
    {%- link_list code:'friend' limit:50 as friend_links %}
    {%- if friend_links.size > 0 %}
    <nav class="friend-links" aria-label="友情链接"><span>友情链接：</span>
      {%- for link in friend_links %}<a href="{{ link.url | escape }}" target="_blank" rel="noopener" title="{{ link.name | escape }}">{% if link.logoUrl != '' %}<img src="{{ link.logoUrl | escape }}" alt="{{ link.name | escape }}">{% else %}{{ link.name | escape }}{% endif %}</a>{% endfor %}
    </nav>
    {%- endif %}
    {%- if site.description != '' %}<p>{{ site.description | escape }}</p>{% endif %}
    <p>© {{ 'now' | date_format: 'yyyy' }} {{ site.name | escape }}</p>
  </div>
</footer>
<script src="{{ site.apiUrl }}/api/stat/beacon.js" data-site="{{ site.siteId }}"{% if content %} data-content="{{ content.contentId }}"{% endif %}{% if catalog %} data-catalog="{{ catalog.catalogId }}"{% endif %} async></script>
</body>
</html>
`;

const INDEX = `{% include 'include/header' %}
<div class="grid">
{%- catalog_list level:'root' limit:8 as top_catalogs %}
{%- for cat in top_catalogs %}
  <section class="panel">
    <h2><a href="{{ cat.url }}">{{ cat.name | escape }}</a><a class="more" href="{{ cat.url }}">更多 »</a></h2>
    <ul class="list simple">
    {%- content_list catalog: cat.catalogId include_children:true sort:'default' limit:8 %}
      <li><a href="{{ item.url }}"{% if item.linkFlag %} target="_blank"{% endif %}>{{ item.title | escape }}</a><span class="meta">{{ item.publishDate | date_format: 'MM-dd' }}</span></li>
    {%- else %}
      <li class="meta">暂无内容</li>
    {%- endcontent_list %}
    </ul>
  </section>
{%- else %}
  <section class="panel"><p class="meta">还没有栏目。请在后台创建栏目并发布内容。</p></section>
{%- endfor %}
</div>
{% include 'include/footer' %}
`;

const LIST = `{% include 'include/header' %}
<div class="crumbs"><a href="{{ site.url }}">首页</a> › {{ catalog.name | escape }}</div>
<section class="panel">
  <h2>{{ catalog.name | escape }}</h2>
  {%- catalog_list level:'child' as sub_catalogs %}
  {%- if sub_catalogs.size > 0 %}
  <p class="tags">{% for sub in sub_catalogs %}<a href="{{ sub.url }}">{{ sub.name | escape }}</a>{% endfor %}</p>
  {%- endif %}
  <ul class="list">
  {%- content_list include_children:true page:true %}
    <li>
      {%- if item.logoUrl != '' %}<a href="{{ item.url }}"><img class="thumb" src="{{ item.logoUrl }}" alt=""></a>{% endif %}
      <div>
        <a class="title" href="{{ item.url }}"{% if item.linkFlag %} target="_blank"{% endif %}>{{ item.title | escape }}</a>
        <div class="meta">{{ item.publishDate | date_format: 'yyyy-MM-dd HH:mm' }}{% if item.author != '' %} · {{ item.author | escape }}{% endif %}</div>
        {%- if item.summary != '' %}<p class="summary">{{ item.summary | escape | truncate: 120 }}</p>{% endif %}
      </div>
    </li>
  {%- else %}
    <li class="meta">暂无内容</li>
  {%- endcontent_list %}
  </ul>
  {% page_bar %}
</section>
{% include 'include/footer' %}
`;

// The comment widget of detail pages: passed comments with replies and likes from the public comment API, a form for
// a signed-in member (the Member-Token cookie where the page can read it, else a page token through the member site's
// /connect page, page-member-script.ts), a sign-in link for visitors. Every text from the answers goes in with
// textContent.
const COMMENTS = `<section class="panel comments" id="comments" data-api="{{ site.apiUrl }}" data-content="{{ content.contentId }}">
  <style>
    .comments textarea { width: 100%; box-sizing: border-box; padding: 8px 10px; border: 1px solid #dcdfe6; border-radius: 4px; font: inherit; }
    .comments .comment-bar { display: flex; align-items: center; gap: 8px; margin: 6px 0 12px; }
    .comments .comment-bar button, .comments .comment-more { padding: 6px 14px; border: 0; border-radius: 4px; background: #1a5fb4; color: #fff; font: inherit; cursor: pointer; }
    .comments .comment-bar button { margin-left: auto; }
    .comments .comment-list { list-style: none; padding: 0; }
    .comments .comment { padding: 10px 0; border-bottom: 1px solid #f0f0f0; }
    .comments .comment .comment { border: 0; padding: 6px 0 0 16px; }
    .comments .comment-text { margin: 4px 0; white-space: pre-wrap; word-break: break-word; }
    .comments .comment-actions button { border: 0; background: none; color: #1a5fb4; cursor: pointer; padding: 0 8px 0 0; font: inherit; font-size: 13px; }
  </style>
  <h2>评论 <span class="meta comment-count"></span></h2>
  <form class="comment-form" hidden>
    <textarea name="content" rows="3" maxlength="1000" placeholder="写下你的评论（最多 1000 字）" aria-label="评论内容" required></textarea>
    <div class="comment-bar"><span class="meta comment-reply-to"></span><button type="submit">发表评论</button></div>
  </form>
  <p class="meta comment-login" hidden><a class="comment-login-link" href="/login">登录</a>后发表评论</p>
  <p class="meta comment-status" role="status"></p>
  <ul class="comment-list"></ul>
  <button type="button" class="comment-more" hidden>加载更多评论</button>
</section>
<script>${PAGE_MEMBER_SCRIPT}</script>
<script>
(function () {
  var box = document.getElementById('comments');
  if (!box || !window.fetch) return;
  var api = box.dataset.api || '/prod-api';
  var contentId = box.dataset.content;
  var token = '';
  try {
    document.cookie.split(';').forEach(function (c) {
      var i = c.indexOf('=');
      if (i > 0 && c.slice(0, i).trim() === 'Member-Token') token = decodeURIComponent(c.slice(i + 1).trim());
    });
  } catch (e) {
    // A sandboxed page (the built-in /site/ server) has no cookies: visitors are asked to sign in.
  }
  var form = box.querySelector('.comment-form');
  var text = form.querySelector('textarea');
  var replyLabel = box.querySelector('.comment-reply-to');
  var login = box.querySelector('.comment-login');
  var status = box.querySelector('.comment-status');
  var list = box.querySelector('.comment-list');
  var more = box.querySelector('.comment-more');
  var count = box.querySelector('.comment-count');
  var replyTo = null;
  var page = 1;
  var size = 10;
  login.querySelector('a').href = '/login?redirect=' + encodeURIComponent(location.pathname + location.search);
  var member = window.zhiwenMember;
  function signedIn() {
    return !!token || !!(member && member.token());
  }
  function signedOut() {
    token = '';
    form.hidden = true;
    login.hidden = false;
  }
  if (signedIn()) form.hidden = false; else signedOut();
  // Where the page cannot read the cookie, signing in goes through the member site, which hands this page a token.
  function connect() {
    if (!member) { location.href = login.querySelector('a').href; return; }
    var connecting = member.connect(api);
    if (connecting && typeof connecting.then === 'function') {
      connecting.then(function () {
        form.hidden = false;
        login.hidden = true;
        status.textContent = '';
      }, function () {
        location.href = login.querySelector('a').href;
      });
    }
  }
  login.querySelector('a').addEventListener('click', function (e) {
    if (!member) return;
    e.preventDefault();
    connect();
  });
  function call(method, path, body) {
    var headers = { Accept: 'application/json' };
    if (token) headers.Authorization = 'Bearer ' + token;
    else if (member && member.token()) headers.Authorization = member.headers().Authorization;
    if (body) headers['Content-Type'] = 'application/json';
    return fetch(api + path, { method: method, headers: headers, body: body ? JSON.stringify(body) : undefined })
      .then(function (r) { return r.json(); })
      .then(function (res) { if (res && res.code === 401) signedOut(); return res || {}; });
  }
  function el(tag, className, content) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (content !== undefined) node.textContent = content;
    return node;
  }
  function when(value) {
    var d = new Date(value);
    if (isNaN(d.getTime())) return '';
    var two = function (n) { return (n < 10 ? '0' : '') + n; };
    return d.getFullYear() + '-' + two(d.getMonth() + 1) + '-' + two(d.getDate()) + ' ' + two(d.getHours()) + ':' + two(d.getMinutes());
  }
  function item(c, isReply) {
    var li = el('li', 'comment');
    li.dataset.commentId = c.commentId;
    var who = c.memberName + (c.replyMemberName ? ' 回复 ' + c.replyMemberName : '');
    li.appendChild(el('div', 'meta', who + ' · ' + when(c.createTime)));
    li.appendChild(el('p', 'comment-text', c.content));
    var actions = el('div', 'comment-actions');
    var like = el('button', 'comment-like', '赞 ' + c.likeCount);
    like.type = 'button';
    like.addEventListener('click', function () {
      if (!signedIn()) { signedOut(); connect(); return; }
      call('PUT', '/api/comment/like/' + c.commentId).then(function (res) {
        if (res.code === 200) like.textContent = (res.data.liked ? '已赞 ' : '赞 ') + res.data.likeCount;
        else status.textContent = res.msg || '操作失败';
      });
    });
    actions.appendChild(like);
    var reply = el('button', 'comment-reply', '回复');
    reply.type = 'button';
    reply.addEventListener('click', function () {
      if (!signedIn()) { signedOut(); connect(); return; }
      replyTo = c;
      replyLabel.textContent = '回复 ' + c.memberName + '（点此取消）';
      text.focus();
    });
    actions.appendChild(reply);
    li.appendChild(actions);
    if (!isReply) {
      var replies = el('ul', 'comment-list comment-replies');
      li.appendChild(replies);
      if (c.replyCount > 0) {
        var show = el('button', 'comment-show-replies', '查看 ' + c.replyCount + ' 条回复');
        show.type = 'button';
        show.addEventListener('click', function () {
          show.remove();
          call('GET', '/api/comment/reply/' + c.commentId + '?pageSize=100').then(function (res) {
            if (res.code !== 200) return;
            res.data.rows.forEach(function (r) { replies.appendChild(item(r, true)); });
          });
        });
        actions.appendChild(show);
      }
    }
    return li;
  }
  function load(reset) {
    if (reset) { page = 1; list.textContent = ''; }
    call('GET', '/api/comment/content/' + contentId + '?pageNum=' + page + '&pageSize=' + size).then(function (res) {
      if (res.code !== 200) { status.textContent = res.msg || '评论加载失败'; return; }
      count.textContent = '（' + res.data.total + '）';
      res.data.rows.forEach(function (c) { list.appendChild(item(c, false)); });
      if (!res.data.total) list.appendChild(el('li', 'meta comment-empty', '还没有评论'));
      more.hidden = page * size >= res.data.total;
    });
  }
  more.addEventListener('click', function () { page += 1; load(false); });
  replyLabel.addEventListener('click', function () { replyTo = null; replyLabel.textContent = ''; });
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    var value = text.value.trim();
    if (!value) { status.textContent = '评论内容不能为空'; return; }
    var body = { dataId: contentId, content: value };
    if (replyTo) body.parentId = replyTo.commentId;
    call('POST', '/api/comment/submit', body).then(function (res) {
      status.textContent = res.msg || '';
      if (res.code !== 200) return;
      text.value = '';
      replyTo = null;
      replyLabel.textContent = '';
      if (res.data.auditStatus === '1') load(true);
    }).catch(function () { status.textContent = '提交失败，请稍后再试'; });
  });
  load(true);
})();
</script>
`;

/** A detail page: shared head (crumbs, title, meta), a type-specific body, then tags, related content and comments. */
function detail(body: string): string {
  return `{% include 'include/header' %}
<div class="crumbs"><a href="{{ site.url }}">首页</a> › <a href="{{ catalog.url }}">{{ catalog.name | escape }}</a></div>
<article class="panel article">
  <h1>{{ content.title | escape }}</h1>
  {%- if content.subTitle != '' %}<p class="meta">{{ content.subTitle | escape }}</p>{% endif %}
  <div class="meta">
    {{ content.publishDate | date_format: 'yyyy-MM-dd HH:mm' }}
    {%- if content.source != '' %} · 来源：{% if content.sourceUrl != '' %}<a href="{{ content.sourceUrl | escape }}" rel="nofollow">{{ content.source | escape }}</a>{% else %}{{ content.source | escape }}{% endif %}{% endif %}
    {%- if content.author != '' %} · 作者：{{ content.author | escape }}{% endif %}
  </div>
${body}
  {%- if content.tags.size > 0 %}
  <p class="tags">{% for tag in content.tags %}<a>{{ tag | escape }}</a>{% endfor %}</p>
  {%- endif %}
</article>
{%- if content.related.size > 0 %}
<section class="panel">
  <h2>相关内容</h2>
  <ul class="list simple">{% for r in content.related %}<li><a href="{{ r.url }}">{{ r.title | escape }}</a><span class="meta">{{ r.publishDate | date_format: 'yyyy-MM-dd' }}</span></li>{% endfor %}</ul>
</section>
{%- endif %}
${COMMENTS}{% include 'include/footer' %}
`;
}

const ARTICLE_BODY = `  <div class="body">{{ content.contentHtml }}</div>`;
const IMAGE_BODY = `  {%- if content.summary != '' %}<p>{{ content.summary | escape }}</p>{% endif %}
  <div class="body gallery">
  {%- for img in content.images %}
    <figure><img src="{{ img.url }}" alt="{{ img.title | escape }}">{% if img.title != '' or img.description != '' %}<figcaption>{{ img.title | escape }} {{ img.description | escape }}</figcaption>{% endif %}</figure>
  {%- endfor %}
  </div>`;
const AUDIO_BODY = `  {%- if content.summary != '' %}<p>{{ content.summary | escape }}</p>{% endif %}
  <div class="body">
  {%- for a in content.audios %}
    <p>{{ a.title | escape }}</p>
    {% if a.embedCode != '' %}{{ a.embedCode }}{% else %}<audio controls preload="none" src="{{ a.url }}"></audio>{% endif %}
  {%- endfor %}
  </div>`;
const VIDEO_BODY = `  {%- if content.summary != '' %}<p>{{ content.summary | escape }}</p>{% endif %}
  <div class="body">
  {%- for v in content.videos %}
    {% if v.embedCode != '' %}{{ v.embedCode }}{% else %}<video controls preload="metadata" src="{{ v.url }}"></video>{% endif %}
    {%- if v.title != '' %}<p class="meta">{{ v.title | escape }}</p>{% endif %}
  {%- endfor %}
  </div>`;

// The search page: its script reads ?q= and &page=, asks the public search API, and builds the results with DOM
// calls (text nodes and <em> elements, never markup from the answer).
const SEARCH = `{% include 'include/header' %}
<div class="crumbs"><a href="{{ site.url }}">首页</a> › 搜索</div>
{%- if search %}
{%- comment %} Rendered per request as the dynamic page /api/dynamic/<siteId>/<pipe>/search: results from the server, no script. {% endcomment %}
<section class="panel search-results" id="search-results">
  <form class="search-form" role="search" method="get">
    <input type="search" name="q" maxlength="100" placeholder="输入关键词" aria-label="搜索关键词" value="{{ search.query | escape }}" required>
    <button type="submit">搜索</button>
  </form>
  <p class="meta" id="search-status">{% if search.query == '' %}请输入关键词。{% else %}找到 {{ search.total }} 条与“{{ search.query | escape }}”相关的结果{% endif %}</p>
  <ul class="list" id="search-list">
  {%- for row in search.rows %}
    <li><div><a class="title" href="{{ row.url | escape }}">{{ row.titleHighlight }}</a>
      <div class="meta">{{ row.catalogName | escape }}{% if row.publishDate %} · {{ row.publishDate | date_format: 'yyyy-MM-dd' }}{% endif %}</div>
      <p class="summary">{{ row.snippet }}</p></div></li>
  {%- endfor %}
  </ul>
  {%- if search.pageCount > 1 %}
  <div class="page-bar" id="search-pages">{% if search.prevUrl %}<a href="{{ search.prevUrl | escape }}">上一页</a>{% endif %}<span class="page-current">{{ search.pageIndex }} / {{ search.pageCount }}</span>{% if search.nextUrl %}<a href="{{ search.nextUrl | escape }}">下一页</a>{% endif %}</div>
  {%- endif %}
</section>
{%- else %}
<noscript><p class="meta"><a href="{{ site.apiUrl | default: '/prod-api' }}/api/dynamic/{{ site.siteId }}/{{ pipe }}/search">不使用脚本的搜索页</a></p></noscript>
<section class="panel search-results" id="search" data-api="{{ site.apiUrl | default: '/prod-api' }}" data-site="{{ site.siteId }}" data-pipe="{{ pipe }}">
  <form class="search-form" role="search" method="get">
    <input type="search" name="q" maxlength="100" placeholder="输入关键词" aria-label="搜索关键词" required>
    <button type="submit">搜索</button>
  </form>
  <p class="meta" id="search-status"></p>
  <ul class="list" id="search-list"></ul>
  <div class="page-bar" id="search-pages"></div>
</section>
<script>
(function () {
  var box = document.getElementById('search');
  var params = new URLSearchParams(location.search);
  var q = (params.get('q') || '').trim().slice(0, 100);
  var page = Math.max(1, parseInt(params.get('page') || '1', 10) || 1);
  var size = 10;
  var status = document.getElementById('search-status');
  var list = document.getElementById('search-list');
  var pages = document.getElementById('search-pages');
  box.querySelector('input[name=q]').value = q;
  if (!q) { status.textContent = '请输入关键词。'; return; }
  // Appends server-escaped text with <em> hits as DOM nodes: each part is decoded as text, never parsed as markup.
  var decoder = document.createElement('textarea');
  function appendHighlighted(el, html) {
    html.split(/(<em>|<\\/em>)/).reduce(function (inHit, part) {
      if (part === '<em>') return true;
      if (part === '</em>') return false;
      if (!part) return inHit;
      decoder.innerHTML = part;
      var text = document.createTextNode(decoder.value);
      if (inHit) { var em = document.createElement('em'); em.appendChild(text); el.appendChild(em); } else el.appendChild(text);
      return inHit;
    }, false);
  }
  function link(label, p) {
    var a = document.createElement('a');
    a.textContent = label;
    a.href = '?q=' + encodeURIComponent(q) + '&page=' + p;
    return a;
  }
  status.textContent = '正在搜索…';
  var url = box.dataset.api + '/api/cms/search/query?siteId=' + encodeURIComponent(box.dataset.site) + '&pipe=' + encodeURIComponent(box.dataset.pipe) +
    '&q=' + encodeURIComponent(q) + '&pageNum=' + page + '&pageSize=' + size;
  fetch(url, { headers: { Accept: 'application/json' } }).then(function (r) { return r.json(); }).then(function (body) {
    if (!body || body.code !== 200) { status.textContent = (body && body.msg) || '搜索失败，请稍后再试。'; return; }
    var data = body.data;
    status.textContent = '找到 ' + data.total + ' 条与“' + q + '”相关的结果';
    data.rows.forEach(function (row) {
      var li = document.createElement('li');
      var div = document.createElement('div');
      var a = document.createElement('a');
      a.className = 'title';
      a.href = row.url;
      appendHighlighted(a, row.titleHighlight);
      div.appendChild(a);
      var meta = document.createElement('div');
      meta.className = 'meta';
      meta.textContent = [row.catalogName, (row.publishDate || '').slice(0, 10)].filter(Boolean).join(' · ');
      div.appendChild(meta);
      var p = document.createElement('p');
      p.className = 'summary';
      appendHighlighted(p, row.snippet);
      div.appendChild(p);
      li.appendChild(div);
      list.appendChild(li);
    });
    var last = Math.ceil(data.total / size);
    if (last > 1) {
      if (page > 1) pages.appendChild(link('上一页', page - 1));
      var cur = document.createElement('span');
      cur.className = 'page-current';
      cur.textContent = page + ' / ' + last;
      pages.appendChild(cur);
      if (page < last) pages.appendChild(link('下一页', page + 1));
    }
  }).catch(function () { status.textContent = '搜索失败，请稍后再试。'; });
})();
</script>
{%- endif %}
{% include 'include/footer' %}
`;

/** Path (relative to the pipe's template folder) -> template text. */
export const DEFAULT_THEME: Readonly<Record<string, string>> = {
  'include/header.template.html': HEADER,
  'include/footer.template.html': FOOTER,
  [DEFAULT_THEME_PATHS.index]: INDEX,
  [DEFAULT_THEME_PATHS.list]: LIST,
  [DEFAULT_THEME_PATHS.detail.article]: detail(ARTICLE_BODY),
  [DEFAULT_THEME_PATHS.detail.image]: detail(IMAGE_BODY),
  [DEFAULT_THEME_PATHS.detail.audio]: detail(AUDIO_BODY),
  [DEFAULT_THEME_PATHS.detail.video]: detail(VIDEO_BODY),
  [DEFAULT_THEME_PATHS.search]: SEARCH,
};
