import { AI_WRITING_LIMITS } from './limits.js';

/**
 * The AI writing tools (spec 2.3, writing routes) as data: fields with the limits of spec 9, a prompt template
 * (see ai-template.ts) and the output format. The server seeds this catalog into `ai_tool`, where staff edit it;
 * the site renders forms from what `GET /ai/tools` answers and validates them with `validateAiToolInput`.
 */

export type AiFieldType = 'text' | 'textarea' | 'select';

export interface AiFieldOption {
  value: string;
  label: string;
}

export interface AiToolField {
  /** Key of the value in the request and in the template (`{{title}}`). */
  name: string;
  label: string;
  type: AiFieldType;
  required: boolean;
  minLength?: number;
  maxLength?: number;
  placeholder?: string;
  /** Choices of a select; the template receives the chosen option's label. */
  options?: AiFieldOption[];
  defaultValue?: string;
}

export type AiOutputFormat = 'markdown';

export interface AiToolDefinition {
  /** The site route without the slash, e.g. `aixsxz`. */
  slug: string;
  name: string;
  category: string;
  description: string;
  fields: AiToolField[];
  promptTemplate: string;
  outputFormat: AiOutputFormat;
  /** Keeps a conversation: earlier turns go to the model with the new question. */
  conversational?: boolean;
}

/** A tool as `GET /ai/tools` answers it. */
export interface AiToolDto extends Omit<AiToolDefinition, 'promptTemplate'> {
  sort: number;
  /** Daily uses per member (0 = unlimited) for the caller's level, when known; else the tool's default. */
  dailyQuota: number;
}

/** Fields whose limits spec 9 fixes; staff may tighten them, never widen them. */
export const AI_FIELD_LIMITS: Record<string, { min: number; max: number }> = {
  title: AI_WRITING_LIMITS.title,
  profession: AI_WRITING_LIMITS.profession,
  coreContent: AI_WRITING_LIMITS.coreContent,
  businessPlanTitle: AI_WRITING_LIMITS.businessPlanTitle,
  // The spec gives no numbers for these: the title's and the business-plan title's bounds.
  essayTitle: AI_WRITING_LIMITS.title,
  jobDescription: AI_WRITING_LIMITS.businessPlanTitle,
};

/** Longest value of any field (select values, fields staff add). */
export const AI_FIELD_MAX_LENGTH = 2000;
/** Conversation of /aiwnwd: earlier turns sent with a question, at most, and each turn's length. */
export const AI_CONVERSATION = { maxTurns: 20, maxTurnLength: 8000 } as const;
/** Per-minute rate limits of generation (defaults; AI_RATE_MEMBER_PER_MINUTE / AI_RATE_IP_PER_MINUTE change them). */
export const AI_RATE_LIMITS = { memberPerMinute: 10, ipPerMinute: 30 } as const;

export type AiFieldRule = 'required' | 'minLength' | 'maxLength' | 'isIn' | 'isString' | 'unknown';

export interface AiFieldError {
  field: string;
  label: string;
  rule: AiFieldRule;
  /** The bound of minLength / maxLength, the allowed values of isIn. */
  limit?: number | string;
}

/** Effective length bounds of a field: its own, within spec 9's for the fields the spec names. */
export function aiFieldBounds(field: AiToolField): { min: number; max: number } {
  const spec = AI_FIELD_LIMITS[field.name];
  const max = Math.min(field.maxLength ?? AI_FIELD_MAX_LENGTH, spec?.max ?? AI_FIELD_MAX_LENGTH);
  const min = Math.max(field.minLength ?? 0, spec?.min ?? 0, field.required ? 1 : 0);
  return { min, max };
}

/** Checks values against a tool's fields (client and server run the same rules); the first error per field. */
export function validateAiToolInput(fields: AiToolField[], values: Record<string, unknown>): AiFieldError[] {
  const errors: AiFieldError[] = [];
  const known = new Set(fields.map((f) => f.name));
  for (const name of Object.keys(values)) {
    if (!known.has(name)) errors.push({ field: name, label: name, rule: 'unknown' });
  }
  for (const field of fields) {
    const raw = values[field.name];
    const base = { field: field.name, label: field.label };
    if (raw !== undefined && raw !== null && typeof raw !== 'string') {
      errors.push({ ...base, rule: 'isString' });
      continue;
    }
    const value = (raw ?? '').trim();
    const { min, max } = aiFieldBounds(field);
    // Characters as people count them (an emoji or a rare CJK character is one).
    const length = [...value].length;
    if (!value) {
      // A minimum applies to what is written; only a required field must be written.
      if (field.required) errors.push({ ...base, rule: 'required' });
    } else if (field.type === 'select' && field.options && !field.options.some((o) => o.value === value)) {
      errors.push({ ...base, rule: 'isIn', limit: field.options.map((o) => o.label).join(', ') });
    } else if (length < min) errors.push({ ...base, rule: 'minLength', limit: min });
    else if (length > max) errors.push({ ...base, rule: 'maxLength', limit: max });
  }
  return errors;
}

/** Template values of a request: trimmed texts, select values replaced by their option labels, defaults filled in. */
export function aiTemplateValues(fields: AiToolField[], values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const raw = typeof values[field.name] === 'string' ? (values[field.name] as string).trim() : '';
    const value = raw || field.defaultValue || '';
    out[field.name] = field.type === 'select' ? (field.options?.find((o) => o.value === value)?.label ?? value) : value;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------------------------
const limits = (name: string) => ({ minLength: AI_FIELD_LIMITS[name].min, maxLength: AI_FIELD_LIMITS[name].max });

const title = (label = '标题', placeholder = '请输入标题'): AiToolField => ({
  name: 'title',
  label,
  type: 'text',
  required: true,
  ...limits('title'),
  placeholder,
});
const profession = (required = false): AiToolField => ({
  name: 'profession',
  label: '专业',
  type: 'text',
  required,
  ...limits('profession'),
  placeholder: '如：计算机科学与技术',
});
const jobDescription = (): AiToolField => ({
  name: 'jobDescription',
  label: '岗位描述',
  type: 'textarea',
  required: false,
  ...limits('jobDescription'),
  placeholder: '所在岗位与主要职责',
});
const coreContent = (label = '核心内容', placeholder = '请描述要写的核心内容'): AiToolField => ({
  name: 'coreContent',
  label,
  type: 'textarea',
  required: true,
  ...limits('coreContent'),
  placeholder,
});
const optionalContent = (label = '补充说明', placeholder = '可选：补充要求'): AiToolField => ({
  ...coreContent(label, placeholder),
  required: false,
  minLength: 0,
});
const businessPlanTitle = (): AiToolField => ({
  name: 'businessPlanTitle',
  label: '计划书标题',
  type: 'text',
  required: false,
  ...limits('businessPlanTitle'),
  placeholder: '可选：项目或计划书名称',
});
const essayTitle = (): AiToolField => ({
  name: 'essayTitle',
  label: '作文题目',
  type: 'text',
  required: true,
  ...limits('essayTitle'),
  placeholder: '请输入作文题目',
});

const select = (name: string, label: string, options: Array<[string, string]>, defaultValue = options[0][0]): AiToolField => ({
  name,
  label,
  type: 'select',
  required: false,
  options: options.map(([value, text]) => ({ value, label: text })),
  defaultValue,
});
const length = (words: [string, string, string] = ['约800字', '约1500字', '约3000字']) =>
  select(
    'length',
    '篇幅',
    [
      ['short', `短篇（${words[0]}）`],
      ['medium', `中篇（${words[1]}）`],
      ['long', `长篇（${words[2]}）`],
    ],
    'medium',
  );
const tone = () =>
  select('tone', '语气风格', [
    ['formal', '正式严谨'],
    ['friendly', '亲切自然'],
    ['humorous', '幽默风趣'],
    ['moving', '真挚感人'],
  ]);
const grade = () =>
  select(
    'grade',
    '年级',
    [
      ['primary-low', '小学低年级'],
      ['primary-high', '小学高年级'],
      ['junior', '初中'],
      ['senior', '高中'],
      ['college', '大学'],
    ],
    'junior',
  );
const language = () =>
  select('language', '语言', [
    ['zh', '中文'],
    ['en', '英文'],
  ]);

// ---------------------------------------------------------------------------------------------------------------
// Prompt templates: the task, then every field the tool has, then the output rules.
// ---------------------------------------------------------------------------------------------------------------
const FIELD_LINES: Record<string, string> = {
  title: '{{#if title}}标题：{{title}}\n{{/if}}',
  essayTitle: '{{#if essayTitle}}作文题目：{{essayTitle}}\n{{/if}}',
  businessPlanTitle: '{{#if businessPlanTitle}}项目名称：{{businessPlanTitle}}\n{{/if}}',
  profession: '{{#if profession}}专业/行业：{{profession}}\n{{/if}}',
  jobDescription: '{{#if jobDescription}}岗位描述：{{jobDescription}}\n{{/if}}',
  coreContent: '{{#if coreContent}}核心内容：{{coreContent}}\n{{/if}}',
};

function promptOf(task: string, fields: AiToolField[], rules = ''): string {
  const lines = fields.map((f) => FIELD_LINES[f.name] ?? `{{#if ${f.name}}}${f.label}：{{${f.name}}}\n{{/if}}`).join('');
  return `${task}\n\n${lines}\n要求：${rules ? `${rules}；` : ''}内容原创、条理清晰、语言通顺；使用 Markdown 格式输出，只输出正文。`;
}

function tool(
  slug: string,
  name: string,
  category: string,
  description: string,
  fields: AiToolField[],
  task: string,
  rules = '',
  extra: Partial<AiToolDefinition> = {},
): AiToolDefinition {
  return { slug, name, category, description, fields, promptTemplate: promptOf(task, fields, rules), outputFormat: 'markdown', ...extra };
}

const ACADEMIC = '学术论文';
const EDUCATION = '教育教学';
const WORK = '职场办公';
const BUSINESS = '商业营销';
const LIFE = '生活社交';
const ESSAY = '作文';
const LITERATURE = '文学创作';
const GENERAL = '通用';

/** Every writing tool of spec 2.3, in the order of the spec. */
export const AI_TOOLS: AiToolDefinition[] = [
  tool(
    'aixsxz',
    'AI小说写作',
    LITERATURE,
    '输入小说标题和故事梗概，生成情节完整、人物鲜明的小说',
    [
      title('小说标题'),
      coreContent('故事梗概', '主要人物、背景与情节走向'),
      select('genre', '题材', [
        ['urban', '都市'],
        ['fantasy', '玄幻'],
        ['romance', '言情'],
        ['mystery', '悬疑'],
        ['history', '历史'],
        ['scifi', '科幻'],
      ]),
      length(['约2000字', '约5000字', '约10000字']),
    ],
    '你是一位经验丰富的小说作家。请根据以下信息创作一篇小说。',
    '篇幅{{length}}，题材{{genre}}，情节有起伏，人物形象鲜明',
  ),
  tool(
    'aiwnwd',
    'AI万能问答',
    GENERAL,
    '有问必答的智能助手，支持多轮对话',
    [coreContent('问题', '请输入你的问题')],
    '你是一位知识渊博、乐于助人的助手。请回答用户的问题。',
    '回答准确、简洁，必要时分点说明',
    { conversational: true },
  ),
  tool(
    'aiqikan',
    'AI期刊论文',
    ACADEMIC,
    '生成符合期刊规范的学术论文',
    [title('论文题目'), profession(), coreContent('研究内容', '研究问题、方法或主要观点'), length(['约3000字', '约5000字', '约8000字'])],
    '你是一位资深的学术论文作者。请撰写一篇期刊论文。',
    '包含摘要、关键词、引言、正文、结论和参考文献，篇幅{{length}}',
  ),
  tool(
    'aijyxz',
    'AI教育写作',
    EDUCATION,
    '教育教学论文、教学反思、教研文章',
    [title(), grade(), coreContent()],
    '你是一位资深教师和教研员。请撰写一篇教育类文章。',
    '面向{{grade}}教学实际，观点明确，结合案例',
  ),
  tool(
    'ailwfw',
    'AI论文范文',
    ACADEMIC,
    '按题目和专业生成完整的论文范文',
    [title('论文题目'), profession(), coreContent('研究内容'), length(['约3000字', '约6000字', '约10000字'])],
    '你是一位论文写作导师。请写一篇论文范文。',
    '结构完整，篇幅{{length}}',
  ),
  tool(
    'modelessay',
    'AI写作案例',
    GENERAL,
    '各类文体的写作案例与范文',
    [title(), coreContent()],
    '你是一位写作教练。请按要求写一篇示范文章，并在文末简要点评写作要点。',
  ),
  tool(
    'aigzjh',
    'AI创业计划',
    BUSINESS,
    '生成创业计划书：市场、产品、团队、财务',
    [businessPlanTitle(), coreContent('项目简介', '产品或服务、目标客户、优势')],
    '你是一位创业导师。请撰写一份创业计划。',
    '包含项目概述、市场分析、产品与服务、商业模式、团队、财务预测、风险与对策',
  ),
  tool(
    'aisyjhs',
    'AI商业计划书',
    BUSINESS,
    '面向投资人的商业计划书',
    [businessPlanTitle(), coreContent('项目简介', '产品、市场、融资需求'), length(['约3000字', '约6000字', '约10000字'])],
    '你是一位投融资顾问。请撰写一份商业计划书。',
    '包含执行摘要、市场与竞争、产品、运营、财务与融资计划，篇幅{{length}}',
  ),
  tool(
    'aisqs',
    'AI申请书',
    WORK,
    '入党、助学金、调岗等各类申请书',
    [title('申请事项', '如：入党申请书'), coreContent('申请理由', '个人情况与申请理由')],
    '请撰写一份申请书。',
    '格式规范，包含称谓、正文、结尾敬语、署名和日期占位',
  ),
  tool(
    'aijiaoan',
    'AI教案',
    EDUCATION,
    '按课题和年级生成完整教案',
    [title('课题名称'), grade(), coreContent('教学内容', '教材章节、教学重点')],
    '你是一位优秀教师。请编写一份教案。',
    '适用于{{grade}}，包含教学目标、重难点、教学准备、教学过程（含时间分配）、板书设计和课后反思',
  ),
  tool(
    'aiwxzs',
    'AI文献综述',
    ACADEMIC,
    '梳理研究现状，生成文献综述',
    [title('综述主题'), profession(), coreContent('研究范围', '研究问题与关注方向')],
    '你是一位学术研究者。请撰写一篇文献综述。',
    '按主题梳理国内外研究现状，指出不足与展望，文末列出参考文献',
  ),
  tool(
    'aizwzy',
    'AI英语作业范文',
    EDUCATION,
    '英语作业与练习的范文',
    [title('作业题目'), grade(), coreContent('作业要求')],
    'You are an English teacher. Write a model answer for the following English homework.',
    '使用英文作答，适合{{grade}}学生水平，文末附中文要点说明',
  ),
  tool(
    'aizcfw',
    'AI职称范文',
    ACADEMIC,
    '职称评审论文与业务总结范文',
    [title(), profession(), jobDescription(), coreContent()],
    '你是一位职称评审论文写作专家。请撰写一篇职称论文范文。',
    '结合专业实践，体现业务能力与成果',
  ),
  tool(
    'aisxbg',
    'AI实习报告',
    WORK,
    '按实习单位和岗位生成实习报告',
    [title('报告标题'), profession(), jobDescription(), coreContent('实习内容', '实习单位、时间、主要工作')],
    '请撰写一份实习报告。',
    '包含实习目的、实习单位与岗位介绍、实习内容、收获与体会、不足与改进',
  ),
  tool(
    'aizfy',
    'AI实习总结',
    WORK,
    '实习结束时的总结报告',
    [title('报告标题'), profession(), jobDescription(), coreContent('实习经历')],
    '请撰写一份实习总结报告。',
    '突出实习收获与能力提升',
  ),
  tool(
    'aisxhb',
    'AI思想汇报',
    WORK,
    '入党积极分子、预备党员思想汇报',
    [title('汇报主题'), coreContent('近期学习与工作情况')],
    '请撰写一份思想汇报。',
    '格式规范，联系实际，态度端正',
  ),
  tool(
    'aidcwj',
    'AI调查问卷',
    WORK,
    '按调查目的生成问卷',
    [title('问卷主题'), coreContent('调查目的与对象')],
    '你是一位调研专家。请设计一份调查问卷。',
    '包含卷首语、10-20 道题（单选、多选、量表和开放题）与结束语',
  ),
  tool(
    'aichfa',
    'AI策划方案',
    BUSINESS,
    '活动、营销与项目策划方案',
    [title('策划主题'), coreContent('背景与目标')],
    '你是一位资深策划。请撰写一份策划方案。',
    '包含背景、目标、受众、执行方案、时间安排、预算和效果评估',
  ),
  tool(
    'aigqshf',
    'AI高情商回复',
    LIFE,
    '为难以回应的话语生成得体回复',
    [
      coreContent('对方的话', '请输入需要回复的内容'),
      select('scene', '场景', [
        ['work', '职场'],
        ['family', '家庭'],
        ['friend', '朋友'],
        ['love', '恋人'],
      ]),
      tone(),
    ],
    '你是一位沟通专家。请针对以下内容给出 3 条高情商回复。',
    '场景：{{scene}}；语气：{{tone}}；每条回复简短得体',
  ),
  tool(
    'aipyqwa',
    'AI朋友圈文案',
    LIFE,
    '配图发圈的走心文案',
    [coreContent('主题', '如：周末露营'), tone()],
    '请为朋友圈写 5 条文案。',
    '语气{{tone}}，每条不超过 60 字，可适当使用表情',
  ),
  tool(
    'aishiju',
    'AI诗句',
    LITERATURE,
    '按主题创作诗词',
    [
      title('主题'),
      select('style', '体裁', [
        ['modern', '现代诗'],
        ['wujue', '五言绝句'],
        ['qijue', '七言绝句'],
        ['lvshi', '七言律诗'],
        ['ci', '宋词'],
      ]),
    ],
    '你是一位诗人。请以下面的主题创作一首诗。',
    '体裁：{{style}}，意境优美，并附简短赏析',
  ),
  tool(
    'aizuowen',
    'AI作文',
    ESSAY,
    '按题目和年级写作文',
    [essayTitle(), grade(), length(['约400字', '约600字', '约800字']), optionalContent()],
    '你是一位语文老师。请写一篇作文。',
    '符合{{grade}}学生水平，篇幅{{length}}，立意积极、语言生动',
  ),
  tool(
    'airbzbyb',
    'AI日报周报月报',
    WORK,
    '工作日报、周报、月报',
    [
      select('reportType', '报告类型', [
        ['daily', '日报'],
        ['weekly', '周报'],
        ['monthly', '月报'],
      ]),
      jobDescription(),
      coreContent('工作内容', '完成的工作、问题与计划'),
    ],
    '请撰写一份工作{{reportType}}。',
    '包含工作完成情况、问题与解决、下一步计划',
  ),
  tool(
    'aizwzyfw',
    'AI语文作业范文',
    EDUCATION,
    '语文作业的参考范文',
    [title('作业题目'), grade(), coreContent('作业要求')],
    '你是一位语文老师。请写出以下语文作业的参考范文。',
    '符合{{grade}}学生水平',
  ),
  tool(
    'aiktbg',
    'AI开题报告',
    ACADEMIC,
    '毕业论文开题报告',
    [title('论文题目'), profession(), coreContent('研究内容')],
    '请撰写一份开题报告。',
    '包含选题背景与意义、国内外研究现状、研究内容与方法、技术路线、进度安排、参考文献',
  ),
  tool(
    'airws',
    'AI任务书',
    ACADEMIC,
    '毕业设计（论文）任务书',
    [title('课题名称'), profession(), coreContent('课题要求')],
    '请撰写一份毕业设计（论文）任务书。',
    '包含课题内容、主要任务与要求、进度安排和参考资料',
  ),
  tool(
    'ailwxt',
    'AI论文选题',
    ACADEMIC,
    '按专业与方向推荐论文题目',
    [profession(true), coreContent('研究方向', '感兴趣的方向或关键词')],
    '你是一位论文指导老师。请推荐 10 个论文选题。',
    '每个选题附一句研究价值说明',
  ),
  tool(
    'aickwx',
    'AI参考文献',
    ACADEMIC,
    '按题目推荐参考文献',
    [title('论文题目'), profession()],
    '请为下面的论文推荐参考文献。',
    '列出 15 条左右，按 GB/T 7714 格式，中英文兼有；不确定的文献不要编造作者与页码',
  ),
  tool(
    'ailwtg',
    'AI论文提纲',
    ACADEMIC,
    '生成论文章节提纲',
    [title('论文题目'), profession(), coreContent('研究内容')],
    '请为下面的论文拟一份详细提纲。',
    '到三级标题，每节附一句写作要点',
  ),
  tool(
    'ailwxx',
    'AI论文续写',
    ACADEMIC,
    '接着已有内容续写论文',
    [title('论文题目'), coreContent('已写内容', '粘贴最后一段或要点')],
    '请接着已有内容续写论文。',
    '风格与前文一致，逻辑连贯',
  ),
  tool(
    'ailwzy',
    'AI论文摘要',
    ACADEMIC,
    '生成中英文摘要与关键词',
    [title('论文题目'), coreContent('论文主要内容'), language()],
    '请为下面的论文撰写摘要与关键词。',
    '语言：{{language}}；摘要 300 字左右，关键词 3-5 个',
  ),
  tool(
    'ailwzx',
    'AI论文致谢',
    ACADEMIC,
    '毕业论文致谢',
    [title('论文题目'), coreContent('想感谢的人和事')],
    '请撰写一篇毕业论文致谢。',
    '真挚朴实，不夸张',
  ),
  tool(
    'aidbpptnr',
    'AI答辩PPT内容',
    ACADEMIC,
    '论文答辩 PPT 的逐页内容',
    [title('论文题目'), profession(), coreContent('论文主要内容')],
    '请为论文答辩准备 PPT 内容。',
    '按页给出标题与要点，共 12-15 页，并附答辩讲稿要点',
  ),
  tool(
    'aiyjg',
    'AI演讲稿',
    WORK,
    '各类场合的演讲稿',
    [title('演讲主题'), coreContent('场合与听众'), length(['约500字', '约1000字', '约2000字'])],
    '请撰写一篇演讲稿。',
    '篇幅{{length}}，开头吸引人，结尾有号召力',
  ),
  tool(
    'aiggwa',
    'AI广告文案',
    BUSINESS,
    '产品与品牌的广告文案',
    [title('产品或品牌'), coreContent('卖点', '主要卖点与目标人群'), tone()],
    '你是一位资深广告文案。请写广告文案。',
    '语气{{tone}}，给出标语 5 条与一段 200 字左右的正文',
  ),
  tool(
    'aixhswa',
    'AI小红书文案',
    BUSINESS,
    '小红书风格的种草笔记',
    [title('笔记主题'), coreContent('要推荐的内容'), tone()],
    '请写一篇小红书风格的笔记。',
    '语气{{tone}}，标题吸睛，分段配表情，文末附话题标签',
  ),
  tool(
    'aidscpms',
    'AI电商产品描述',
    BUSINESS,
    '电商商品详情页描述',
    [title('商品名称'), coreContent('商品参数与卖点')],
    '请为电商商品撰写详情页描述。',
    '包含标题、卖点、规格参数、使用场景和售后说明',
  ),
  tool(
    'ainzzj',
    'AI年终总结',
    WORK,
    '个人或部门年终工作总结',
    [jobDescription(), coreContent('全年工作', '主要工作与成绩')],
    '请撰写一份年终工作总结。',
    '包含工作回顾、成绩与不足、经验体会和来年计划',
  ),
  tool('aigrzj', 'AI个人总结', WORK, '学习、工作的个人总结', [title('总结主题'), coreContent('主要经历')], '请撰写一份个人总结。'),
  tool(
    'aixdth',
    'AI心得体会',
    WORK,
    '学习、培训、读书心得体会',
    [title('心得主题'), coreContent('学习或活动内容')],
    '请撰写一篇心得体会。',
    '联系实际，感悟真实',
  ),
  tool(
    'aigzbg',
    'AI工作报告',
    WORK,
    '向上级汇报的工作报告',
    [title('报告标题'), jobDescription(), coreContent('工作内容')],
    '请撰写一份工作报告。',
    '数据与事实为主，结构清晰',
  ),
  tool(
    'aijtsck',
    'AI检讨书',
    LIFE,
    '诚恳的检讨书',
    [coreContent('事由', '犯了什么错误'), length(['约300字', '约800字', '约1500字'])],
    '请撰写一份检讨书。',
    '态度诚恳，认识深刻，有改正措施，篇幅{{length}}',
  ),
  tool(
    'aiqsck',
    'AI情书',
    LIFE,
    '写给心上人的情书',
    [coreContent('你们的故事', '相识经过与想说的话'), tone()],
    '请写一封情书。',
    '语气{{tone}}，真挚动人',
  ),
  tool(
    'aipptdg',
    'AIPPT大纲',
    WORK,
    '演示文稿的大纲与每页要点',
    [title('PPT主题'), coreContent('用途与内容')],
    '请为演示文稿拟大纲。',
    '按页列出标题与 3-5 条要点',
  ),
  tool(
    'aizygw',
    'AI职业规划顾问',
    WORK,
    '职业规划与求职建议',
    [profession(), jobDescription(), coreContent('你的情况与困惑')],
    '你是一位职业规划顾问。请给出职业规划建议。',
    '分析优势与不足，给出短期与长期规划和可执行的步骤',
  ),
  tool(
    'aidyzw',
    'AI单元作文',
    ESSAY,
    '教材单元习作',
    [essayTitle(), grade(), optionalContent('单元要求')],
    '你是一位语文老师。请按单元习作要求写一篇作文。',
    '符合{{grade}}学生水平',
  ),
  tool(
    'aidhgzw',
    'AI读后感',
    ESSAY,
    '读书后的感想',
    [title('书名或篇名'), grade(), coreContent('印象深刻的内容')],
    '请写一篇读后感。',
    '符合{{grade}}学生水平，引述原文，联系生活',
  ),
  tool(
    'aijjrzw',
    'AI节假日作文',
    ESSAY,
    '春节、国庆等节假日作文',
    [essayTitle(), grade(), optionalContent('节日经历')],
    '请写一篇节假日作文。',
    '符合{{grade}}学生水平，细节生动',
  ),
  tool('aizhoji', 'AI周记', ESSAY, '一周生活学习的周记', [title(), grade(), coreContent('这周发生的事')], '请写一篇周记。', '符合{{grade}}学生水平'),
  tool(
    'airijizw',
    'AI日记作文',
    ESSAY,
    '日记体作文',
    [title(), grade(), coreContent('今天发生的事')],
    '请写一篇日记。',
    '符合{{grade}}学生水平，含日期与天气占位',
  ),
  tool(
    'aitczw',
    'AI题材作文',
    ESSAY,
    '记叙文、议论文、说明文等题材作文',
    [
      essayTitle(),
      select('genre', '文体', [
        ['narrative', '记叙文'],
        ['argument', '议论文'],
        ['exposition', '说明文'],
        ['prose', '散文'],
      ]),
      grade(),
      length(['约400字', '约600字', '约800字']),
    ],
    '请写一篇作文。',
    '文体：{{genre}}，符合{{grade}}学生水平，篇幅{{length}}',
  ),
  tool(
    'aiywzw',
    'AI英语作文',
    ESSAY,
    '英语作文',
    [essayTitle(), grade(), optionalContent('写作要求')],
    'You are an English teacher. Write an English essay on the following topic.',
    '使用英文写作，符合{{grade}}学生水平，文末附中文译文',
  ),
  tool('aiyywzw', 'AI应用文作文', ESSAY, '书信、通知、倡议书等应用文', [essayTitle(), coreContent('写作要求')], '请写一篇应用文。', '格式规范'),
  tool(
    'aiwnxz',
    'AI万能写作',
    GENERAL,
    '任意主题、任意文体的写作',
    [title(), coreContent(), length(), tone()],
    '你是一位全能写作助手。请按要求完成写作。',
    '篇幅{{length}}，语气{{tone}}',
  ),
  tool(
    'aizcxz',
    'AI公文写作',
    WORK,
    '通知、请示、报告、函、纪要等党政机关公文',
    [
      title('公文标题'),
      select('docType', '文种', [
        ['notice', '通知'],
        ['request', '请示'],
        ['report', '报告'],
        ['letter', '函'],
        ['minutes', '纪要'],
        ['plan', '方案'],
      ]),
      coreContent('主要内容', '发文事由与主要事项'),
    ],
    '你是一位熟悉《党政机关公文格式》的公文写作专家。请撰写一份公文。',
    '文种：{{docType}}；格式规范，语言庄重简练',
  ),
];

export const AI_TOOL_SLUGS = AI_TOOLS.map((t) => t.slug);
