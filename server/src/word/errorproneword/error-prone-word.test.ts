import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectError, expectMessage, expectOk, type Row } from '../../../test/helpers/api';
import { createRole, createStaffUser, tokenOf } from '../../../test/helpers/staff';
import { startTestApp, type TestApp } from '../../../test/helpers/test-app';
import { ErrorProneWordService } from './error-prone-word.service';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await tokenOf(t.app);
});
afterAll(() => t?.close());

const http = api(() => t, { token: () => admin });

describe('error-prone words', () => {
  it('adds, edits, lists and deletes words; a word is unique and differs from its replacement', async () => {
    const added = expectOk(await http.post('/word/errorproneword', { word: ' 按装 ', replaceWord: '安装' }));
    expect(added).toMatchObject({ word: '按装', replaceWord: '安装', createBy: 'admin' });
    expectMessage(await http.post('/word/errorproneword', { word: '按装', replaceWord: '安装' }), 'zh-CN', '易错词“按装”已存在');
    expectMessage(await http.post('/word/errorproneword', { word: '一样', replaceWord: '一样' }), 'zh-CN', '替换词不能与易错词相同');
    expectMessage(await http.post('/word/errorproneword', { word: '缺', replaceWord: '' }), 'zh-CN', '替换词不能为空，且不能超过 100 个字符');
    expectMessage(
      await http.lang('en').post('/word/errorproneword', { replaceWord: 'x' }),
      'en',
      'The error-prone word is required and may not exceed 100 characters',
    );
    const other = expectOk(await http.post('/word/errorproneword', { word: '再接再励', replaceWord: '再接再厉' }));
    const edited = expectOk(
      await http.put('/word/errorproneword', { wordId: other.wordId, word: '再接再励', replaceWord: '再接再厉', remark: '成语' }),
    );
    expect(edited.remark).toBe('成语');
    expectMessage(await http.put('/word/errorproneword', { wordId: other.wordId, word: '按装', replaceWord: '安装' }), 'zh-CN', '易错词“按装”已存在');
    expect(expectOk(await http.get('/word/errorproneword?query=再接')).rows.map((w: Row) => w.word)).toEqual(['再接再励']);
    const temp = expectOk(await http.post('/word/errorproneword', { word: '临时错', replaceWord: '临时对' }));
    expectOk(await http.delete('/word/errorproneword').send([temp.wordId]));
    expectError(await http.delete('/word/errorproneword').send([temp.wordId]), 404, { 'zh-CN': '易错词不存在' });
    expectError(await http.put('/word/errorproneword', { wordId: temp.wordId, word: 'a', replaceWord: 'b' }), 404);
  });

  it('checks a title and an HTML body: words with their replacement and count, never tags or attributes', async () => {
    const hits = expectOk(
      await http.post('/word/errorproneword/check', {
        text: '如何按装软件',
        html: '<p title="按装">先按装，再按装。</p><p>我们要再接再励！</p><script>var a="再接再励"</script>',
      }),
    );
    expect(hits).toEqual([
      { word: '按装', replaceWord: '安装', count: 3 },
      { word: '再接再励', replaceWord: '再接再厉', count: 1 },
    ]);
    expect(expectOk(await http.post('/word/errorproneword/check', { text: '没有错误' }))).toEqual([]);
    expectMessage(await http.post('/word/errorproneword/check', {}), 'zh-CN', '请提供要检查的标题（最多 1000 个字符）或正文（最多 2000000 个字符）');
    expectMessage(
      await http.post('/word/errorproneword/check', { text: 5 }),
      'zh-CN',
      '请提供要检查的标题（最多 1000 个字符）或正文（最多 2000000 个字符）',
    );
    expectMessage(
      await http.post('/word/errorproneword/check', { text: '错'.repeat(1001) }),
      'zh-CN',
      '请提供要检查的标题（最多 1000 个字符）或正文（最多 2000000 个字符）',
    );
    // The check engine can read the list as its error-prone words.
    const words = await t.app.get(ErrorProneWordService).typoWords();
    expect(words.entries).toEqual(expect.arrayContaining([{ wrong: '按装', correct: '安装' }]));
  });

  it('lets content editors check, but not change the list', async () => {
    await createRole(t.app, 'word_editor', ['cms.content']);
    await createStaffUser(t.app, { userName: 'editor1', password: 'Passw0rd!x', roles: ['word_editor'] });
    const editor = http.as(await tokenOf(t.app, 'editor1', 'Passw0rd!x'));
    expect(expectOk(await editor.post('/word/errorproneword/check', { text: '按装' }))).toEqual([{ word: '按装', replaceWord: '安装', count: 1 }]);
    expectError(await editor.post('/word/errorproneword', { word: '错', replaceWord: '对' }), 403);
    expectError(await editor.get('/word/errorproneword'), 403);
  });
});
