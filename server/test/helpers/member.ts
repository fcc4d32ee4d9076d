import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { solveCaptcha } from './staff';

/** Registers a member through POST /register (captcha solved as a person reads it); the raw answer. */
export async function register(app: INestApplication, body: { username: string; password: string; randomCode?: string }, lang = 'zh-CN') {
  const { uuid, code } = await solveCaptcha(app);
  return request(app.getHttpServer())
    .post('/prod-api/register')
    .set('Accept-Language', lang)
    .send({ ...body, authCode: code, uuid });
}

/** Signs a member in through POST /member/login; the raw answer. */
export async function memberLogin(app: INestApplication, username: string, password: string, lang = 'zh-CN') {
  const captcha = await solveCaptcha(app);
  return request(app.getHttpServer())
    .post('/prod-api/member/login')
    .set('Accept-Language', lang)
    .send({ username, password, ...captcha });
}

/** Registers a member and returns its token; fails the test when registration fails. */
export async function memberTokenOf(app: INestApplication, username: string, password = 'Member123'): Promise<string> {
  const res = await register(app, { username, password });
  if (res.body.code !== 200) throw new Error(`registration of ${username} failed: ${JSON.stringify(res.body)}`);
  return res.body.data as string;
}
