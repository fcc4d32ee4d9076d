import { describe, expect, it } from 'vitest';
import { adSpaceBody, advertBody, advertsOfSpace, SPACE_CODE, SPACE_PATH } from '../src/screens/cms/ad/ad';
import { percent } from '../src/screens/stat/ad/adStat';

describe('广告位 and 广告管理 forms', () => {
  it('send an ad space without the page widget fields the server sets itself', () => {
    expect(
      adSpaceBody({
        pageWidgetId: 7,
        id: 7,
        name: ' 首页横幅 ',
        code: 'banner',
        publishPipeCode: 'pc',
        path: 'include/ad/top.html',
        state: '1',
        content: {},
      }),
    ).toEqual({
      pageWidgetId: '7',
      name: '首页横幅',
      code: 'banner',
      publishPipeCode: 'pc',
      path: 'include/ad/top.html',
      template: '',
      remark: '',
    });
    expect(SPACE_CODE.test('banner_1')).toBe(true);
    expect(SPACE_CODE.test('1banner')).toBe(false);
    expect(SPACE_PATH.test('include/ad/top.html')).toBe(true);
    expect(SPACE_PATH.test('../top.html')).toBe(false);
  });

  it('send only the content of the advert type, dates as ISO or null, and the space only when adding', () => {
    const image = advertBody({
      adSpaceId: 3,
      name: ' 横幅 ',
      type: 'image',
      weight: '5',
      resourcePath: 'resources/a.png',
      content: '<b>x</b>',
      redirectUrl: ' https://a.example.com/ ',
    });
    expect(image).toMatchObject({
      adSpaceId: '3',
      name: '横幅',
      weight: 5,
      resourcePath: 'resources/a.png',
      content: '',
      redirectUrl: 'https://a.example.com/',
      onlineDate: null,
    });
    const code = advertBody({
      advertisementId: 9,
      adSpaceId: 3,
      type: 'code',
      content: '<b>x</b>',
      redirectUrl: 'https://a.example.com/',
      onlineDate: '2026-05-01T08:00',
    });
    expect(code).toMatchObject({ advertisementId: '9', content: '<b>x</b>', redirectUrl: '', resourcePath: '' });
    expect(code).not.toHaveProperty('adSpaceId');
    expect(code.onlineDate).toBe(new Date('2026-05-01T08:00').toISOString());
    expect(advertsOfSpace('/admin/cms/ad/advertisement', '12')).toBe('/admin/cms/ad/advertisement?filter=%7B%22adSpaceId%22%3A%2212%22%7D');
  });
});

describe('广告统计', () => {
  it('shows the click rate as a percentage with two decimals', () => {
    expect(percent(0)).toBe('0.00%');
    expect(percent(1)).toBe('100.00%');
    expect(percent(0.3333)).toBe('33.33%');
  });
});
