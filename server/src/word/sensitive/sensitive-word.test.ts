import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, expectMessage, expectOk, type Row } from '../../../test/helpers/api';
import { binaryParser } from '../../../test/helpers/binary';
import { catalogFactory, contentFactory, siteFactory, unique } from '../../../test/helpers/factories';
import { tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { SensitiveWordFilter } from '../../ai/safety/sensitive-words';
import { SensitiveMatcher } from './sensitive-matcher';
import { SensitiveWordService } from './sensitive-word.service';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin, base: '/prod-api/word/sensitiveword' });

describe('the sensitive-word matcher', () => {
  const matcher = new SensitiveMatcher([
    { word: '赌博网站', wordType: 'sensitive', replaceWord: '' },
    { word: 'Spam', wordType: 'sensitive', replaceWord: '[x]' },
    { word: '冰毒', wordType: 'sensitive', replaceWord: '' },
    { word: '反对冰毒', wordType: 'whitelist', replaceWord: '' },
  ]);

  it('folds full-width, Traditional and case, and maps hits back to the original offsets', () => {
    const text = '他开了賭博網站，还发ＳＰＡＭ和spam。';
    const hits = matcher.find(text);
    expect(hits.map((h) => [h.word, h.text, h.start, h.end])).toEqual([
      ['赌博网站', '賭博網站', 3, 7],
      ['Spam', 'ＳＰＡＭ', 10, 14],
      ['Spam', 'spam', 15, 19],
    ]);
    for (const h of hits) expect(text.slice(h.start, h.end)).toBe(h.text);
  });

  it('finds a word split by spaces or punctuation', () => {
    expect(matcher.find('买 冰-毒').map((h) => [h.word, h.text])).toEqual([['冰毒', '冰-毒']]);
  });

  it('lets a whitelist word that covers a hit win, and only there', () => {
    expect(matcher.find('我们反对冰毒')).toEqual([]);
    expect(matcher.find('反对冰毒，远离冰毒').map((h) => h.start)).toEqual([7]);
  });

  it('masks with the replacement word or one * per character', () => {
    expect(matcher.mask('卖冰毒的Spam')).toBe('卖**的[x]');
    expect(matcher.mask('没有问题')).toBe('没有问题');
  });
});

describe('/word/sensitiveword', () => {
  it('has the AI writing’s former list seeded', async () => {
    const rows = expectOk(await http.get('?wordType=sensitive&pageSize=100')).rows as Row[];
    expect(rows.map((r) => r.word)).toEqual(expect.arrayContaining(['代开发票', '办假证', '冰毒', '海洛因', '迷药']));
  });

  it('adds, lists, reads, edits and deletes words; a word is unique regardless of case', async () => {
    const word = unique('BadWord');
    const added = expectOk(await http.post('', { word: `  ${word} `, wordType: 'sensitive', replaceWord: '某词', remark: '测试' }));
    expect(added).toMatchObject({ word, wordType: 'sensitive', replaceWord: '某词', remark: '测试', createBy: 'admin' });
    expectMessage(await http.post('', { word: word.toUpperCase() }), 'zh-CN', `词语“${word.toUpperCase()}”已存在（不区分大小写）`);
    expectMessage(await http.lang('en').post('', { word: ' ' }), 'en', 'The word is required and may not exceed 255 characters');
    expectMessage(await http.post('', { word: 'x', wordType: 'other' }), 'zh-CN', '类型只能是 sensitive（敏感词）或 whitelist（白名单）');
    const list = expectOk(await http.get(`?word=${encodeURIComponent(word.toLowerCase())}`));
    expect(list.total).toBe(1);
    expect(expectOk(await http.get(`/${added.wordId}`)).word).toBe(word);
    const edited = expectOk(await http.put('', { wordId: added.wordId, word: `${word}x`, wordType: 'whitelist' }));
    expect(edited).toMatchObject({ word: `${word}x`, wordType: 'whitelist', replaceWord: '某词' });
    expect(expectOk(await http.get(`?wordType=whitelist&word=${encodeURIComponent(word)}`)).total).toBe(1);
    expectOk(await http.delete('').send([added.wordId]));
    expectError(await http.get(`/${added.wordId}`), 404, { 'zh-CN': '敏感词不存在' });
    expectError(await http.delete('').send([added.wordId]), 404);
  });

  it('checks a text against the current list, rebuilt after every change', async () => {
    const word = unique('测词');
    expect(expectOk(await http.post('/check', { text: `这里有${word}` })).hits).toEqual([]);
    const added = expectOk(await http.post('', { word }));
    expect(expectOk(await http.post('/check', { text: `这里有${word}` }))).toEqual({
      hits: [{ word, text: word, start: 3, end: 3 + word.length, replaceWord: '' }],
      masked: `这里有${'*'.repeat(word.length)}`,
    });
    // A whitelist word covering it wins.
    const allowed = expectOk(await http.post('', { word: `不是${word}`, wordType: 'whitelist' }));
    expect(expectOk(await http.post('/check', { text: `这里不是${word}` })).hits).toEqual([]);
    expectOk(await http.delete('').send([added.wordId, allowed.wordId]));
    expect(expectOk(await http.post('/check', { text: `这里有${word}` })).hits).toEqual([]);
  });

  it('imports words from a text file (one a line) and from an .xlsx, skipping present ones, and exports the list', async () => {
    const a = unique('导入词');
    const b = unique('导入词');
    const res = await http.upload(
      '/import',
      { data: Buffer.from(`${a}\r\n\r\n${b}\n${a}\n冰毒\n`, 'utf8'), name: 'words.txt' },
      { wordType: 'sensitive' },
    );
    expect(expectOk(res)).toEqual({ added: 2, skipped: 2 });
    expect(res.body.msg).toBe('导入完成：新增 2 个，跳过 2 个（空行、过长或已存在）');

    const { default: Excel } = await import('exceljs');
    const book = new Excel.Workbook();
    const sheet = book.addWorksheet('x');
    const c = unique('白名单词');
    sheet.addRow(['敏感词']);
    sheet.addRow([c]);
    sheet.addRow([a]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    expect(expectOk(await http.upload('/import', { data: xlsx, name: 'words.xlsx' }, { wordType: 'whitelist' }))).toEqual({ added: 1, skipped: 1 });
    expect(expectOk(await http.get(`?word=${encodeURIComponent(c)}`)).rows[0].wordType).toBe('whitelist');
    expectMessage(
      await http.upload('/import', { data: Buffer.from([0xff, 0xfe, 0x00, 0x41]), name: 'bad.txt' }),
      'zh-CN',
      '请上传每行一个词的 UTF-8 文本文件（.txt）或 Excel 文件（.xlsx，第一列为词语）',
    );

    const exported = await http
      .post(`?word=${encodeURIComponent(a)}`)
      .set('cc-export', '1')
      .parse(binaryParser);
    expect(exported.status).toBe(200);
    const read = new Excel.Workbook();
    await read.xlsx.load(exported.body as ArrayBuffer);
    const cells = read.worksheets[0].getSheetValues().flat().map(String);
    expect(cells).toEqual(expect.arrayContaining(['敏感词', a, '敏感词']));
  });
});

describe('users of the list', () => {
  it('the AI writing filter reads the table, with folded matching', async () => {
    const filter = t.app.get(SensitiveWordFilter, { strict: false });
    const word = unique('ai词');
    expect(await filter.findIn([`写一篇${word}`])).toBeUndefined();
    expectOk(await http.post('', { word }));
    // Full-width Latin and upper case still match the word.
    const fullWidth = word.replace(/[a-z0-9]/g, (ch) => String.fromCharCode(ch.toUpperCase().charCodeAt(0) + 0xfee0));
    expect(await filter.findIn(['无关', `写一篇${fullWidth}`])).toBe(word);
    expect(await filter.findIn(['写一篇代開發票的廣告'])).toBe('代开发票');
    const masker = await filter.masker();
    expect(masker.push(`好${word.slice(0, 2)}`) + masker.push(`${word.slice(2)}坏`) + masker.flush()).toBe(`好${'*'.repeat(word.length)}坏`);
    expect(await t.app.get(SensitiveWordService).mask('买冰毒')).toBe('买**');
  });

  it('content saves are checked per the site setting: off, warn (words answered) or block (refused)', async () => {
    const by = { target: () => t, token: () => admin };
    const site = await siteFactory(by);
    const catalog = await catalogFactory(by, site.siteId);
    const cms = api(() => t, { token: () => admin, headers: { CurrentSite: site.siteId } });
    const body = { catalogId: catalog.catalogId, contentType: 'article', contentHtml: '<p>出售<b>冰</b>毒 &amp; 迷药</p>' };
    const off = await contentFactory(by, site.siteId, catalog.catalogId, { ...body, title: unique('关闭') });
    expect(off.contentId).toBeTruthy();

    expectOk(await cms.post(`/cms/site/extends/${site.siteId}`, { sensitiveWordCheck: 'warn' }));
    expect(expectOk(await cms.get(`/cms/site/extends?siteId=${site.siteId}`)).sensitiveWordCheck).toBe('warn');
    const warned = expectOk(await cms.post('/cms/content', { ...body, title: unique('提示') }));
    expect(warned.contentId).toBeTruthy();
    expect(warned.sensitiveWords).toEqual(['冰毒', '迷药']);
    const clean = expectOk(await cms.post('/cms/content', { ...body, contentHtml: '<p>干净</p>', title: unique('干净') }));
    expect(clean.sensitiveWords).toBeUndefined();

    expectOk(await cms.post(`/cms/site/extends/${site.siteId}`, { sensitiveWordCheck: 'block' }));
    const title = unique('禁止海洛因');
    expectMessage(await cms.post('/cms/content', { ...body, title }), 'zh-CN', '内容包含敏感词：海洛因、冰毒、迷药，请修改后再保存');
    const [{ count }] = await t.app.get(DataSource).query('SELECT count(*)::int AS count FROM cms_content WHERE title = $1', [title]);
    expect(count).toBe(0);
    // Saving existing content is checked too.
    const editor = expectOk(await cms.get(`/cms/content/init/${catalog.catalogId}/article/${clean.contentId}`));
    expectMessage(
      await cms.put('/cms/content', {
        contentId: clean.contentId,
        catalogId: catalog.catalogId,
        contentType: 'article',
        title: editor.title,
        contentHtml: '<p>代开发票</p>',
      }),
      'zh-CN',
      '内容包含敏感词：代开发票，请修改后再保存',
    );
    expectMessage(
      await cms.post(`/cms/site/extends/${site.siteId}`, { sensitiveWordCheck: 'loud' }),
      'zh-CN',
      '敏感词检查只能是 off（不检查）、warn（提示）或 block（禁止保存）',
    );
  });
});
