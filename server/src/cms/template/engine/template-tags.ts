/** One entry of the template help screen (`GET /cms/template/tags`). */
export interface TemplateTagDoc {
  name: string;
  kind: 'tag' | 'filter' | 'object';
  syntax: string;
  /** zh-CN description. */
  description: string;
  /** The description in the other languages (entries that have them; the help screen falls back to zh-CN). */
  descriptions?: { 'zh-TW': string; en: string };
  /** Arguments of a tag or filter: name and zh-CN meaning. */
  args?: Array<{ name: string; description: string }>;
  example: string;
}

/**
 * The CMS tags, filters and objects templates may use, as data for the help screen. LiquidJS's standard tags
 * (if, for, assign, capture, include, layout...) and filters (escape, truncate, date, default...) come on top.
 */
export const TEMPLATE_TAGS: readonly TemplateTagDoc[] = [
  {
    name: 'site',
    kind: 'object',
    syntax: '{{ site.name }}',
    description:
      '当前站点：siteId、name、path、url、logo、logoUrl、description、staticSuffix、seoTitle、seoKeywords、seoDescription、props（站点扩展属性，按编码取值）、apiUrl（页面脚本调用的接口地址，如 /prod-api，用于搜索、评论、投票、统计）',
    example: '<title>{{ site.seoTitle | default: site.name | escape }}</title>',
  },
  {
    name: 'catalog',
    kind: 'object',
    syntax: '{{ catalog.name }}',
    description:
      '当前栏目（栏目列表页和内容详情页）：catalogId、parentId、name、alias、path、type、url、logo、logoUrl、description、treeLevel、contentCount、seoTitle 等；首页为空',
    example: '<h1>{{ catalog.name | escape }}</h1>',
  },
  {
    name: 'content',
    kind: 'object',
    syntax: '{{ content.title }}',
    description:
      '当前内容（详情页）：contentId、title、subTitle、author、source、publishDate、summary、tags、url、contentHtml（文章正文）、images / audios / videos（图集、音频、视频）、related（相关内容）等',
    example: '<article>{{ content.contentHtml }}</article>',
  },
  {
    name: 'site.extend / catalog.extend / content.extend',
    kind: 'object',
    syntax: '{{ content.extend.author }}',
    description:
      '扩展模型字段的值（扩展 > 扩展模型，按字段编码取值）：site.extend 为站点的扩展字段，catalog.extend 为栏目的（含列表中的每个栏目），content.extend 为内容的（详情页和 content_list 的每条）；多选框为数组，数字校验的字段为数字，日期为 YYYY-MM-DD',
    descriptions: {
      'zh-TW':
        '擴充模型欄位的值（擴充 > 擴充模型，按欄位編碼取值）：site.extend 為站點的，catalog.extend 為欄目的，content.extend 為內容的（詳情頁和 content_list 的每筆）；多選框為陣列，數字驗證的欄位為數字，日期為 YYYY-MM-DD',
      en: 'Extension model values by field code (Extensions > Extension Models): site.extend of the site, catalog.extend of a catalog, content.extend of content (detail pages and each content_list item); checkbox values are lists, number-checked fields numbers, dates YYYY-MM-DD',
    },
    example: '{% if content.extend.score %}<p>得分：{{ content.extend.score }}</p>{% endif %}',
  },
  {
    name: 'page / pipe / paging',
    kind: 'object',
    syntax: '{{ page.index }} {{ pipe }} {{ paging.total }}',
    description:
      'page.index 为当前列表页码（从 1 开始）；pipe 为发布通道编码；paging 在分页的 content_list 之后可用：pageIndex、pageSize、total、pageCount、firstUrl、prevUrl、nextUrl、lastUrl',
    example: '共 {{ paging.total }} 条，第 {{ paging.pageIndex }}/{{ paging.pageCount }} 页',
  },
  {
    name: 'catalog_list',
    kind: 'tag',
    syntax:
      "{% catalog_list alias:'news' level:'child' limit:10 as items %} 或 {% catalog_list level:'root' %}...{{ item.name }}...{% else %}...{% endcatalog_list %}",
    description:
      '栏目列表。带 “as 变量名” 时把结果存入变量；否则为块标签，逐个渲染，块内用 item 取当前栏目、forloop 取序号（index、first、last、length），没有数据时渲染 else 部分',
    args: [
      { name: 'id / alias', description: '参照栏目的 ID 或别名，缺省为当前栏目' },
      { name: 'level', description: 'root：顶级栏目；child：参照栏目的子栏目（有参照栏目时的缺省）；current：与参照栏目同级的栏目' },
      { name: 'visible_only', description: '只列出可见栏目，缺省 true' },
      { name: 'limit', description: '最多条数，缺省 50，最大 200' },
    ],
    example: '<nav>{% catalog_list level:\'root\' %}<a href="{{ item.url }}">{{ item.name | escape }}</a>{% endcatalog_list %}</nav>',
  },
  {
    name: 'content_list',
    kind: 'tag',
    syntax:
      "{% content_list catalog:'news' include_children:true sort:'publishDate' limit:10 page:true as items %} 或块形式 {% content_list ... %}...{{ item.title }}...{% endcontent_list %}",
    description:
      '内容列表（只含已发布内容）。page:true 时按当前列表页码分页（每页 limit 条），并为 page_bar 和 paging 提供分页信息；一个页面只应有一个分页列表',
    args: [
      { name: 'catalog', description: '栏目 ID 或别名，缺省为当前栏目，没有当前栏目时为全站' },
      { name: 'include_children', description: '包含子孙栏目的内容，缺省 false' },
      { name: 'recommend / hot / has_logo', description: '只列推荐 / 热点 / 有缩略图的内容' },
      { name: 'tag', description: '只列带此标签的内容' },
      { name: 'type', description: '内容类型：article、image、audio、video' },
      { name: 'sort', description: 'default：置顶优先再按栏目排序；publishDate：发布时间倒序；views：浏览量倒序；recent：最近更新' },
      { name: 'offset', description: '跳过条数（不分页时）' },
      { name: 'limit', description: '条数（分页时为每页条数），缺省 10（分页时为栏目的每页条数），最大 200' },
      { name: 'page', description: '是否分页，缺省 false' },
    ],
    example:
      "{% content_list catalog:'news' sort:'publishDate' limit:5 %}<li><a href=\"{{ item.url }}\">{{ item.title | escape }}</a> {{ item.publishDate | date_format: 'yyyy-MM-dd' }}</li>{% endcontent_list %}",
  },
  {
    name: 'page_bar',
    kind: 'tag',
    syntax: "{% page_bar first:'首页' prev:'上一页' next:'下一页' last:'末页' numbers:5 %}",
    description:
      '分页条：首页、上一页、页码、下一页、末页，链接为 index.html、list_2.html……；只对本页的分页 content_list 生效，只有一页时不输出。样式类：page-bar、page-current、page-disabled',
    args: [
      { name: 'first / prev / next / last', description: '按钮文字' },
      { name: 'numbers', description: '显示的页码个数，缺省 5' },
    ],
    example: '{% content_list page:true as items %}...{% page_bar %}',
  },
  {
    name: 'vote',
    kind: 'tag',
    syntax: "{% vote code:'survey2026' %}",
    description:
      '投票调查：输出一个占位元素，由页面脚本从公开接口（site.apiUrl）实时读取投票并显示为表单（单选、多选、输入），提交时带上会员登录令牌（Member-Token），按结果查看方式显示各选项票数；投票数据实时读取，新增投票不必重新发布页面。脚本每个页面只输出一次。样式类：cms-vote、cms-vote-form、cms-vote-subject、cms-vote-msg、cms-vote-result、cms-vote-bar',
    descriptions: {
      'zh-TW':
        '投票調查：輸出一個佔位元素，由頁面腳本從公開介面（site.apiUrl）即時讀取投票並顯示為表單（單選、多選、輸入），提交時帶上會員登入令牌（Member-Token），依結果查看方式顯示各選項票數；投票資料即時讀取，新增投票不必重新發佈頁面。腳本每個頁面只輸出一次。',
      en: 'A vote or survey: writes a placeholder that page script fills from the public API (site.apiUrl) with a live form (single choice, multiple choice, text), submits it with the member token (Member-Token cookie) and shows the counts as the vote’s view type allows; the data is live, so the page needs no republishing. The script is written once per page.',
    },
    args: [{ name: 'code', description: '投票调查的编码（投票调查页面里设置）' }],
    example: '<section class="poll">{% vote code:\'survey2026\' %}</section>',
  },
  {
    name: 'customform',
    kind: 'tag',
    syntax: "{% customform code:'feedback' %}",
    description:
      '自定义表单：输出一个占位元素，由页面脚本从公开接口（site.apiUrl）实时读取本站已发布的表单并显示为 HTML 表单（每种字段控件一个输入，需要时带图片验证码），提交到 /api/customform/submit，服务端按字段的校验规则、提交限制和敏感词检查，消息显示在表单下（字段消息显示在字段下）。表单数据实时读取：发布或下线表单后所有页面立即生效，不必重新发布页面；未发布或已下线的表单只显示提示。脚本每个页面只输出一次。样式类：cms-customform、cms-cf-form、cms-cf-field、cms-cf-label、cms-cf-field-error、cms-cf-captcha、cms-cf-submit、cms-cf-msg',
    descriptions: {
      'zh-TW':
        '自訂表單：輸出一個佔位元素，由頁面腳本從公開介面（site.apiUrl）即時讀取本站已發佈的表單並顯示為 HTML 表單（每種欄位控制項一個輸入，需要時帶圖片驗證碼），提交到 /api/customform/submit，伺服器依欄位的校驗規則、提交限制和敏感詞檢查，訊息顯示在表單下。發佈或下線表單後所有頁面立即生效，不必重新發佈頁面。腳本每個頁面只輸出一次。',
      en: 'A custom form: writes a placeholder that page script fills from the public API (site.apiUrl) with the site’s published form as an HTML form (one input per field kind, an image captcha when the form asks), submitted to /api/customform/submit, where the server checks the fields’ validation rules, the limit rule and sensitive words; messages show under the form (field messages under their field). The form is read live: publishing or taking it offline applies to every page at once, with no republishing; an unpublished form shows its message. The script is written once per page.',
    },
    args: [{ name: 'code', description: '自定义表单的编码（互动 > 自定义表单 里设置，须已发布）' }],
    example: '<section class="feedback">{% customform code:\'feedback\' %}</section>',
  },
  {
    name: 'pagewidget',
    kind: 'tag',
    syntax: "{% pagewidget code:'hot_links' %}",
    description:
      '页面部件（手动区块、广告位等）：原样输出该编码的页面部件最近一次发布的 HTML（编码不区分大小写）；未发布或不存在时不输出。页面部件发布、修改或删除后，站点首页（属于栏目的部件还有该栏目列表页）会自动重新发布；其他引用它的页面在下次发布时更新',
    descriptions: {
      'zh-TW':
        '頁面元件（手動區塊、廣告位等）：原樣輸出該代碼的頁面元件最近一次發佈的 HTML（代碼不區分大小寫）；未發佈或不存在時不輸出。頁面元件發佈、修改或刪除後，網站首頁（屬於欄目的元件還有該欄目列表頁）會自動重新發佈；其他引用它的頁面在下次發佈時更新',
      en: 'A page widget (manual block, ad space, …): writes the HTML of the last publish of the site’s widget with this code (case ignored); nothing when it is not published or does not exist. Publishing, changing or deleting a widget republishes the site’s home page (and its catalog’s list pages for a catalog widget); other pages showing it follow at their next publish.',
    },
    args: [{ name: 'code', description: '页面部件的编码（页面部件页面里设置）' }],
    example: "<aside>{% pagewidget code:'hot_links' %}</aside>",
  },
  {
    name: 'adverts (ad space templates)',
    kind: 'object',
    syntax: '{% for ad in adverts %}…{{ ad.link }}…{% endfor %}',
    description:
      '广告位（广告 > 广告位）的模板里可用：adverts 为当前上线的广告（已启用且在上线、下线时间之内，按权重从大到小），每条有 id、type（image、text、code）、name、weight、link（经 /api/adv/redirect 统计点击后跳转的地址，没有跳转链接时为空）、target（_blank、_self）、imageUrl（图片广告的素材库图片地址）、text（文字广告的文字，输出时请用 escape）、code（代码广告的 HTML）；widget 为广告位本身。默认模板把全部广告隐藏输出，由 {{ site.apiUrl }}/api/adv/adspace.js 按权重随机显示一条并发送展示统计；自写模板时每条广告须放在 class="zw-ad"、带 data-ad 和 data-weight 的元素里，外层 class="zw-adspace"，并引用该脚本',
    descriptions: {
      'zh-TW':
        '廣告版位（廣告 > 廣告版位）的範本裡可用：adverts 為目前上線的廣告（已啟用且在上線、下線時間之內，依權重由大到小），每則有 id、type（image、text、code）、name、weight、link（經 /api/adv/redirect 統計點擊後跳轉的網址，沒有跳轉連結時為空）、target（_blank、_self）、imageUrl、text（輸出時請用 escape）、code（程式碼廣告的 HTML）；widget 為廣告版位本身。預設範本把全部廣告隱藏輸出，由 {{ site.apiUrl }}/api/adv/adspace.js 依權重隨機顯示一則並傳送展示統計；自寫範本時每則廣告須放在 class="zw-ad"、帶 data-ad 和 data-weight 的元素裡，外層 class="zw-adspace"，並引用該腳本',
      en: 'In the template of an ad space (Advertising > Ad spaces): adverts are the online adverts (enabled and inside their online and offline dates, heaviest first), each with id, type (image, text, code), name, weight, link (through /api/adv/redirect, which counts the click; empty without a link), target (_blank, _self), imageUrl (the image advert’s picture), text (escape it) and code (a code advert’s HTML); widget is the space itself. The default template writes all of them hidden and {{ site.apiUrl }}/api/adv/adspace.js shows one per view, picked at random by weight, and sends its view; a template of your own keeps each advert in an element with class "zw-ad", data-ad and data-weight inside class "zw-adspace", and loads that script.',
    },
    example:
      '<div class="zw-adspace">{% for ad in adverts %}<div class="zw-ad" data-ad="{{ ad.id }}" data-weight="{{ ad.weight }}" hidden><a href="{{ ad.link }}">{{ ad.text | escape }}</a></div>{% endfor %}<script src="{{ site.apiUrl }}/api/adv/adspace.js" async></script></div>',
  },
  {
    name: 'request / search / member',
    kind: 'object',
    syntax: '{{ request.q | escape }}',
    description:
      '仅动态模板（模板与发布 > 动态模板，按请求生成的页面）：request 为地址栏参数（每个参数一个字符串，输出时请用 escape）；初始化数据含“搜索结果”时 search 为 query、rows（title、titleHighlight、snippet、url、catalogName、publishDate，高亮已转义并用 <em> 标出）、total、pageIndex、pageSize、pageCount、prevUrl、nextUrl；含“当前会员”时 member 为 memberId、userName、nickName（带会员令牌请求时，否则为空）；dynamicPage 为 code、path、name',
    descriptions: {
      'zh-TW':
        '僅動態範本（範本與發佈 > 動態範本，依請求產生的頁面）：request 為網址參數（輸出時請用 escape）；初始化資料含「搜尋結果」時 search 為 query、rows、total、pageIndex、pageSize、pageCount、prevUrl、nextUrl；含「目前會員」時 member 為 memberId、userName、nickName（否則為空）；dynamicPage 為 code、path、name',
      en: 'Dynamic templates only (Templates & Publishing > Dynamic Templates, pages rendered per request): request holds the query string (one string per parameter; output it with escape); with the init data "search results", search is query, rows (title, titleHighlight, snippet, url, catalogName, publishDate; highlights escaped with <em> hits), total, pageIndex, pageSize, pageCount, prevUrl, nextUrl; with "current member", member is memberId, userName, nickName (when the request carries a member token, else empty); dynamicPage is code, path, name.',
    },
    example: '{% for row in search.rows %}<a href="{{ row.url | escape }}">{{ row.titleHighlight }}</a>{% endfor %}',
  },
  {
    name: 'link_list',
    kind: 'tag',
    syntax: "{% link_list code:'friend' %}…{{ item.name }}…{% endlink_list %}",
    description:
      "友情链接：列出本站编码为 code 的友情链接分组（互动 > 友情链接）中的链接，按排序；item 有 linkId、name、url、logo、logoUrl（素材库图片的完整地址，没有时为空）、remark。可写成 {% link_list code:'friend' as links %} 赋给变量。分组或链接变更后站点首页自动重新发布，其他页面在下次发布时更新。默认主题的页脚列出编码为 friend 的分组",
    descriptions: {
      'zh-TW':
        "友情連結：列出本站代碼為 code 的友情連結分組（互動 > 友情連結）中的連結，依排序；item 有 linkId、name、url、logo、logoUrl、remark。可寫成 {% link_list code:'friend' as links %} 指定給變數。分組或連結變更後網站首頁自動重新發佈，其他頁面在下次發佈時更新。預設主題的頁尾列出代碼為 friend 的分組",
      en: "Friend links: the links of the site's friend link group with this code (Interaction > Friend Links), by sort; item has linkId, name, url, logo, logoUrl (full URL of the library image, '' when none), remark. {% link_list code:'friend' as links %} assigns them instead. A change to a group or link republishes the site's home page; other pages follow at their next publish. The default theme's footer lists the group with code friend.",
    },
    args: [
      { name: 'code', description: '友情链接分组的编码' },
      { name: 'limit', description: '最多条数，缺省 50，最大 200' },
    ],
    example:
      '{% link_list code:\'friend\' %}<a href="{{ item.url | escape }}" target="_blank">{{ item.name | escape }}</a>{% else %}暂无友情链接{% endlink_list %}',
  },
  {
    name: 'catalog_tree',
    kind: 'tag',
    syntax: "{% catalog_tree alias:'news' depth:2 as tree %}",
    description: '栏目树：参照栏目之下（缺省为全站）的栏目，每个节点带 children；用 for 嵌套输出',
    args: [
      { name: 'id / alias', description: '根栏目，缺省为全站' },
      { name: 'depth', description: '层数，缺省 3，最大 10' },
      { name: 'visible_only', description: '只含可见栏目，缺省 true' },
    ],
    example: '{% catalog_tree depth:2 as tree %}{% for c in tree %}{{ c.name }}{% for s in c.children %}/{{ s.name }}{% endfor %}{% endfor %}',
  },
  {
    name: 'catalog',
    kind: 'tag',
    syntax: "{% catalog alias:'news' as news %}",
    description: '按 ID 或别名取一个栏目存入变量（不存在时为空）',
    example: '{% catalog alias:\'news\' as news %}<a href="{{ news.url }}">{{ news.name }}</a>',
  },
  {
    name: 'content',
    kind: 'tag',
    syntax: '{% content id:123 as c %}',
    description: '按 ID 取一条已发布内容存入变量（不存在时为空）',
    example: '{% content id:123 as c %}{{ c.title }}',
  },
  {
    name: 'include',
    kind: 'tag',
    syntax: "{% include 'include/header' %}",
    description: '引入同一发布通道模板目录下的模板（可省略 .template.html 后缀）；路径相对模板根目录，不能含 .. 或以 / 开头；嵌套最多 8 层',
    example: "{% include 'include/header' %}",
  },
  {
    name: 'content_url',
    kind: 'filter',
    syntax: '{{ item | content_url }}',
    description: '内容的访问地址；参数可为内容对象或内容 ID',
    example: '<a href="{{ item | content_url }}">{{ item.title }}</a>',
  },
  {
    name: 'catalog_url',
    kind: 'filter',
    syntax: "{{ 'news' | catalog_url }}",
    description: '栏目的访问地址；参数可为栏目对象、栏目 ID 或别名',
    example: '<a href="{{ \'news\' | catalog_url }}">新闻</a>',
  },
  {
    name: 'internal_url',
    kind: 'filter',
    syntax: "{{ 'about/index.html' | internal_url }}",
    description: '站点内相对路径（相对当前发布通道根目录）的访问地址',
    example: '<a href="{{ \'about/index.html\' | internal_url }}">关于我们</a>',
  },
  {
    name: 'resource_url',
    kind: 'filter',
    syntax: '{{ item.logo | resource_url }} {{ 12 | resource_url }}',
    description: '上传资源路径或资源库资源（ID 或 cms_resource 的 item）的访问地址（站点设置了资源域名时使用该域名）；已是完整地址的原样返回',
    descriptions: {
      'zh-TW': '上傳資源路徑或資源庫資源（ID 或 cms_resource 的 item）的存取網址（網站設定了資源網域時使用該網域）；已是完整網址的原樣返回',
      en: 'URL of an uploaded resource path or a library resource (its id, or an item of cms_resource), on the site’s resource domain when set; full URLs are returned as they are',
    },
    example: '<img src="{{ item.logo | resource_url }}">',
  },
  {
    name: 'thumbnail',
    kind: 'filter',
    syntax: '{{ item.logo | thumbnail }} {{ 12 | thumbnail }}',
    description:
      '资源库图片的缩略图地址：参数为资源路径、资源 ID 或 cms_resource 的 item；没有缩略图时为原图地址，不在资源库中的路径按 resource_url 处理',
    descriptions: {
      'zh-TW': '資源庫圖片的縮圖網址：參數為資源路徑、資源 ID 或 cms_resource 的 item；沒有縮圖時為原圖網址，不在資源庫中的路徑按 resource_url 處理',
      en: 'Thumbnail URL of a library image: from a resource path, a resource id or an item of cms_resource; the image itself when it has no thumbnail, and a path outside the library as resource_url',
    },
    example: '<img src="{{ item.logo | thumbnail }}">',
  },
  {
    name: 'cms_resource',
    kind: 'tag',
    syntax: "{% cms_resource type:'image' tag:'banner' limit:8 %}...{{ item.name }}...{% endcms_resource %} 或 {% cms_resource limit:5 as files %}",
    description:
      '资源库文件列表（最新的在前）。块内 item 为当前资源：resourceId、resourceType、name、path、suffix、width、height、fileSize、tags、description、src（地址）、thumbnailSrc（缩略图地址）',
    descriptions: {
      'zh-TW':
        '資源庫檔案列表（最新的在前）。區塊內 item 為目前資源：resourceId、resourceType、name、path、suffix、width、height、fileSize、tags、description、src（網址）、thumbnailSrc（縮圖網址）',
      en: 'Files of the resource library, newest first. In the block, item is the resource: resourceId, resourceType, name, path, suffix, width, height, fileSize, tags, description, src (URL), thumbnailSrc (thumbnail URL)',
    },
    args: [
      { name: 'type', description: 'image、audio、video、document、other，缺省为全部' },
      { name: 'tag', description: '只列出带此标签的资源' },
      { name: 'offset / limit', description: '跳过的条数 / 最多条数（缺省 10，最多 200）' },
    ],
    example: '{% cms_resource type:\'image\' limit:4 %}<img src="{{ item | thumbnail }}" alt="{{ item.name | escape }}">{% endcms_resource %}',
  },
  {
    name: 'asset_url',
    kind: 'filter',
    syntax: "{{ 'css/site.css' | asset_url }}",
    description: '主题静态资源（发布到 assets/ 目录）的访问地址',
    example: '<link rel="stylesheet" href="{{ \'css/site.css\' | asset_url }}">',
  },
  {
    name: 'date_format',
    kind: 'filter',
    syntax: "{{ item.publishDate | date_format: 'yyyy-MM-dd HH:mm' }}",
    description:
      "日期格式化，格式同 Java：yyyy、yy、MM、M、dd、d、HH、H、hh、h、mm、m、ss、s、SSS、E（周一）、EEEE（星期一）、a（上午/下午），单引号内为原样文字；缺省 'yyyy-MM-dd HH:mm:ss'；空值输出空串",
    example: "{{ content.publishDate | date_format: 'yyyy年M月d日 EEEE' }}",
  },
];
