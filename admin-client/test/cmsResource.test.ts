import { describe, expect, it } from 'vitest';
import { RESOURCE_UPLOAD_DEFAULTS as DEFAULT_LIMITS } from '@zhiwen/shared';
import { formatSize } from '../src/components/formatSize';
import {
  extsOfKinds,
  limitsOf,
  precheckFiles,
  previewSrc,
  resourceQuery,
  resourceSettingsBody,
  resourceSettingsRecord,
  resourceUpdateBody,
} from '../src/screens/cms/resource/resource';
import type Quill from 'quill';
import { insertResource, libraryToolbar, linkText, pickerKinds } from '../src/screens/cms/resource/richText';

const file = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name);
const MB = 1024 * 1024;

describe('upload checks before sending (spec 8 messages)', () => {
  it('takes allowed files and refuses a wrong format or an oversized file, images by their own limit', () => {
    const check = precheckFiles(
      [file('a.png', 100), file('b.exe', 10), file('c.jpg', 2 * MB + 1), file('d.pdf', 4 * MB), file('e.pdf', 5 * MB + 1)],
      DEFAULT_LIMITS,
    );
    expect(check.refusal).toBeUndefined();
    expect(check.accepted.map((f) => f.name)).toEqual(['a.png', 'd.pdf']);
    expect(check.rejected.map((r) => [r.file.name, r.refusal.key, r.refusal.options])).toEqual([
      ['b.exe', 'app.cms_resource.upload_format', { types: DEFAULT_LIMITS.uploadAllowedExts.join(', ') }],
      ['c.jpg', 'app.cms_resource.upload_size', { n: 2 }],
      ['e.pdf', 'app.cms_resource.upload_size', { n: 5 }],
    ]);
  });

  it('checks images by the image limit alone, even when it is the larger one', () => {
    const limits = { ...DEFAULT_LIMITS, uploadMaxSizeMb: 1, imageMaxSizeMb: 3 };
    const check = precheckFiles([file('a.png', 2 * MB), file('b.pdf', 2 * MB)], limits);
    expect(check.accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(check.rejected[0].refusal.options).toEqual({ n: 1 });
  });

  it('refuses the whole selection when it has more files than the site allows', () => {
    const limits = { ...DEFAULT_LIMITS, uploadMaxCount: 2 };
    const check = precheckFiles([file('a.png', 1), file('b.png', 1), file('c.png', 1)], limits);
    expect(check.refusal).toEqual({ key: 'app.cms_resource.upload_count', options: { n: 2 } });
    expect(check.accepted).toEqual([]);
  });

  it('narrows the formats to what a picker wants, kept within what the site allows', () => {
    const limits = limitsOf({ uploadAllowedExts: ['png', 'JPG', 'pdf', 'zip', 'csv'] });
    expect(extsOfKinds(['image'], limits)).toEqual(['png', 'jpg']);
    expect(extsOfKinds(['other'], limits)).toEqual(['zip']);
    expect(extsOfKinds(undefined, limits)).toEqual(['png', 'jpg', 'pdf', 'zip', 'csv']);
    // The server's type list wins over the built-in one.
    expect(extsOfKinds(['document'], limits, [{ id: 'document', name: '文档', exts: ['pdf'] }])).toEqual(['pdf']);
    expect(precheckFiles([file('x.pdf', 1)], limits, extsOfKinds(['image'], limits)).rejected[0].refusal.options).toEqual({ types: 'png, jpg' });
  });

  it('reads the site limits, keeping the defaults for missing or wrong values', () => {
    expect(limitsOf(undefined)).toEqual(DEFAULT_LIMITS);
    expect(limitsOf({ uploadMaxCount: 3, uploadMaxSizeMb: -1, imageMaxSizeMb: 'x', uploadAllowedExts: [] })).toEqual({
      ...DEFAULT_LIMITS,
      uploadMaxCount: 3,
    });
  });
});

describe('library requests', () => {
  it('shows a replaced file past the browser cache: the preview URL carries the update time', () => {
    const row = { thumbnailSrc: '/site/demo/resources/202611/a_thumb.jpg', updateTime: '2026-11-25T20:00:00.000Z' };
    expect(previewSrc(row)).toBe('/site/demo/resources/202611/a_thumb.jpg?v=2026-11-25T20%3A00%3A00.000Z');
    expect(previewSrc({ thumbnailSrc: 'https://cdn.x/a.jpg?w=1', updateTime: 't2' })).toBe('https://cdn.x/a.jpg?w=1&v=t2');
    expect(previewSrc({ thumbnailSrc: '/a.png' })).toBe('/a.png');
  });

  it("leaves empty filters out and sends the days as instants of the user's time zone, the end day whole, newest first", () => {
    expect(resourceQuery({ resourceType: '', name: '  ', beginTime: '2026-11-01', endTime: 'bad' }, 2, 20)).toEqual({
      resourceType: undefined,
      name: undefined,
      beginTime: new Date(2026, 10, 1).toISOString(),
      endTime: undefined,
      pageNum: 2,
      pageSize: 20,
      orderByColumn: 'resourceId',
      isAsc: 'desc',
    });
    expect(resourceQuery({ resourceType: 'image', name: ' 封面 ' }, 1, 10)).toMatchObject({ resourceType: 'image', name: '封面' });
    const end = new Date(String(resourceQuery({ endTime: '2026-11-25' }, 1, 10).endTime));
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([2026, 10, 25, 23, 59]);
  });

  it('sends tags as a list without empties or repeats', () => {
    expect(resourceUpdateBody({ resourceId: '9' }, { name: ' 封面 ', tags: '新闻, 图片，新闻,, ', description: ' 说明 ' })).toEqual({
      resourceId: '9',
      name: '封面',
      tags: ['新闻', '图片'],
      description: '说明',
    });
  });

  it('formats sizes', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(3 * MB)).toBe('3 MB');
    expect(formatSize('2048')).toBe('2 KB');
  });
});

describe('site resource settings', () => {
  it('fills what a site never saved with the defaults', () => {
    const record = resourceSettingsRecord({ pageSize: 20, watermark: { enabled: true } });
    expect(record).toMatchObject({
      pageSize: 20,
      uploadMaxCount: 5,
      thumbnailWidth: 0,
      watermark: { enabled: true, position: 'bottom-right', opacity: 1, width: 120 },
    });
  });

  it('sends numbers, known extensions in a fixed order and a trimmed watermark', () => {
    const body = resourceSettingsBody({
      uploadMaxCount: '8',
      uploadMaxSizeMb: 10,
      imageMaxSizeMb: 3,
      uploadAllowedExts: ['PDF', 'png', 'svg', 'exe'],
      thumbnailWidth: 300,
      thumbnailHeight: '',
      watermark: { enabled: true, kind: 'text', text: ' 智文 ', position: 'center', opacity: '0.5', width: 100, height: 30, color: '' },
      remoteImageDownload: true,
    });
    expect(body).toEqual({
      uploadMaxCount: 8,
      uploadMaxSizeMb: 10,
      imageMaxSizeMb: 3,
      uploadAllowedExts: ['png', 'pdf'],
      thumbnailWidth: 300,
      thumbnailHeight: 0,
      watermark: {
        enabled: true,
        kind: 'text',
        text: '智文',
        imageResourceId: '',
        position: 'center',
        opacity: 0.5,
        width: 100,
        height: 30,
        fontSize: 24,
        color: '#ffffff',
      },
      remoteImageDownload: true,
    });
  });
});

describe('rich-text library buttons', () => {
  it('adds audio and attachment next to video; an attachment is any kind', () => {
    expect(libraryToolbar([['bold'], ['link', 'image', 'video']])).toEqual([['bold'], ['link', 'image', 'video', 'audio', 'attachment']]);
    expect(pickerKinds('image')).toEqual(['image']);
    expect(pickerKinds('attachment')).toBeUndefined();
    expect(linkText({ name: '年报', suffix: 'pdf' })).toBe('年报.pdf');
    expect(linkText({ name: '年报.PDF', suffix: 'pdf' })).toBe('年报.PDF');
  });

  it('inserts an image as its thumbnail linked to the original, a video as the video embed, anything from the attachment button as a link', () => {
    const calls: unknown[][] = [];
    const editor = {
      insertEmbed: (...a: unknown[]) => calls.push(['embed', ...a.slice(0, 3)]),
      formatText: (...a: unknown[]) => calls.push(['format', ...a.slice(0, 4)]),
      insertText: (...a: unknown[]) => calls.push(['text', ...a.slice(0, 3)]),
    } as unknown as Quill;
    const base = {
      resourceId: '1',
      fileName: 'a.jpg',
      fileSize: 1,
      iconType: 'image' as const,
      path: 'resources/a.jpg',
      suffix: 'jpg',
      name: '封面',
    };
    const image = { ...base, resourceType: 'image' as const, src: '/s/a.jpg', thumbnail: 'resources/a_thumb.jpg', thumbnailSrc: '/s/a_thumb.jpg' };
    expect(insertResource(editor, 3, image)).toBe(4);
    expect(insertResource(editor, 4, { ...image, thumbnail: '', thumbnailSrc: '/s/a.jpg' })).toBe(5);
    expect(insertResource(editor, 5, { ...image, resourceType: 'video', src: '/s/v.mp4' }, 'video')).toBe(6);
    expect(insertResource(editor, 6, image, 'attachment')).toBe(6 + '封面.jpg'.length + 1);
    expect(calls).toEqual([
      ['embed', 3, 'image', '/s/a_thumb.jpg'],
      ['format', 3, 1, 'link', '/s/a.jpg'],
      ['embed', 4, 'image', '/s/a.jpg'],
      ['embed', 5, 'video', '/s/v.mp4'],
      ['text', 6, '封面.jpg', { link: '/s/a.jpg' }],
      ['text', 12, ' ', { link: false }],
    ]);
  });
});
