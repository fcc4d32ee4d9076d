/** What the demo site (示例站点) holds: its catalogs and a dozen pieces of content of the four types. */

export const DEMO_SITE = {
  name: '示例站点',
  path: 'demo',
  description: '首次启动时自动创建的示例站点，展示栏目、四种内容类型与静态发布。可随意修改或删除。',
};

export interface DemoCatalog {
  name: string;
  alias: string;
  description: string;
}

export const DEMO_CATALOGS: DemoCatalog[] = [
  { name: '新闻动态', alias: 'news', description: '站点与产品的最新消息' },
  { name: '图片欣赏', alias: 'photos', description: '图集示例' },
  { name: '音频节目', alias: 'audio', description: '音频示例' },
  { name: '视频专区', alias: 'video', description: '视频示例（外部播放器嵌入）' },
];

export interface DemoArticle {
  title: string;
  author: string;
  summary: string;
  paragraphs: string[];
}

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    title: '欢迎使用智文内容管理系统',
    author: '智文团队',
    summary: '这是首次启动时自动生成的示例站点，用来展示栏目、内容和静态发布。',
    paragraphs: [
      '智文的内容管理系统支持多站点、多栏目和四种内容类型：文章、图集、音频和视频。',
      '在后台的“内容管理”中编辑这些示例内容，保存并发布后，页面会重新生成到 /site/demo/pc/ 下。',
      '不需要示例站点时，可以在“站点管理”中删除它；设置环境变量 DEMO_SITE=false 则新安装不会创建它。',
    ],
  },
  {
    title: '三步发布一篇文章',
    author: '编辑部',
    summary: '新建、编辑、发布：静态页面随即生成。',
    paragraphs: [
      '第一步，在左侧栏目树中选择栏目，点击“新建”并选择“文章”。',
      '第二步，填写标题和正文，正文编辑器支持标题、列表、图片和表格。',
      '第三步，点击“保存并发布”，文章页、栏目列表页和首页都会更新。',
    ],
  },
  {
    title: '栏目与模板的关系',
    author: '编辑部',
    summary: '每个栏目可以指定首页、列表页和详情页模板。',
    paragraphs: [
      '栏目决定内容发布到哪个目录，模板决定页面的样子。',
      '没有单独指定模板的栏目，会使用站点“默认模板”中的设置。',
      '模板使用 LiquidJS 语法，可以在“模板管理”中在线编辑和预览。',
    ],
  },
  {
    title: '发布通道：同一内容，多种终端',
    author: '技术组',
    summary: '示例站点自带 PC 与 H5 两个发布通道。',
    paragraphs: ['发布通道对应一套模板和一个发布目录，例如 pc 和 h5。', '内容可以选择发布到哪些通道；每个通道可以配置自己的访问地址。'],
  },
  {
    title: '定时发布与下线',
    author: '技术组',
    summary: '为内容设置发布时间和下线时间，系统会按时处理。',
    paragraphs: ['把发布时间设在将来并选择“待发布”，到点后系统自动发布。', '设置下线时间后，到点自动下线并从站点上移除页面。'],
  },
];

export interface DemoImageSet {
  title: string;
  summary: string;
  images: Array<{ title: string; from: [number, number, number]; to: [number, number, number] }>;
}

export const DEMO_IMAGE_SETS: DemoImageSet[] = [
  {
    title: '晨曦',
    summary: '清晨的色彩（程序生成的渐变图）。',
    images: [
      { title: '破晓', from: [255, 183, 94], to: [237, 143, 3] },
      { title: '朝霞', from: [255, 126, 95], to: [254, 180, 123] },
    ],
  },
  {
    title: '海与天',
    summary: '蓝色系渐变。',
    images: [
      { title: '深海', from: [0, 82, 212], to: [67, 100, 247] },
      { title: '晴空', from: [86, 204, 242], to: [47, 128, 237] },
      { title: '浅滩', from: [17, 153, 142], to: [56, 239, 125] },
    ],
  },
  {
    title: '山林',
    summary: '绿色系渐变。',
    images: [
      { title: '松涛', from: [19, 78, 94], to: [113, 178, 128] },
      { title: '竹影', from: [168, 224, 99], to: [86, 171, 47] },
    ],
  },
];

export interface DemoAudio {
  title: string;
  summary: string;
  notes: number[];
  seconds: number;
}

export const DEMO_AUDIOS: DemoAudio[] = [
  { title: '提示音：do re mi', summary: '三个音的短提示音（程序生成的 WAV）。', notes: [262, 294, 330], seconds: 1.5 },
  { title: '提示音：和弦琶音', summary: '四个音的琶音。', notes: [262, 330, 392, 523], seconds: 2 },
];

export interface DemoVideo {
  title: string;
  summary: string;
  embedCode: string;
}

export const DEMO_VIDEOS: DemoVideo[] = [
  {
    title: '视频嵌入示例：外部播放器',
    summary: '视频内容可以嵌入第三方平台的播放器代码。',
    embedCode:
      '<iframe src="https://player.bilibili.com/player.html?bvid=BV1GJ411x7h7&autoplay=0" width="640" height="360" allowfullscreen></iframe>',
  },
  {
    title: '视频嵌入示例：第二个视频',
    summary: '一个内容可以包含多个视频，这里演示一个。',
    embedCode:
      '<iframe src="https://player.bilibili.com/player.html?bvid=BV1uT4y1P7CX&autoplay=0" width="640" height="360" allowfullscreen></iframe>',
  },
];
