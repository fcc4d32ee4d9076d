import { describe, expect, it } from 'vitest';
import { commentQuery } from '../src/screens/comment/CommentScreen';
import { sensitiveWordBody } from '../src/screens/word/sensitiveword/SensitiveWordScreen';

describe('评论管理 and 敏感词 screens', () => {
  it('sends only the comment filters that are filled in, trimmed', () => {
    expect(commentQuery({ auditStatus: '0', commentText: '  好文 ', memberName: '', dataId: ' ', beginTime: '2026-01-01', endTime: '' })).toEqual({
      auditStatus: '0',
      commentText: '好文',
      beginTime: '2026-01-01',
    });
  });

  it('sends a sensitive word and its replacement trimmed, keeping the remark as typed', () => {
    expect(sensitiveWordBody({ word: ' 冰毒 ', wordType: 'whitelist', replaceWord: ' ** ', remark: ' 备注 ' })).toEqual({
      word: '冰毒',
      wordType: 'whitelist',
      replaceWord: '**',
      remark: ' 备注 ',
    });
  });
});
