import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { API_BASE, CURRENT_SITE_HEADER } from '@zhiwen/shared';
import { serveSiteFiles } from './cms/publish/serve-site-files';
import { FILE_STORAGE } from './storage/storage';
import { AppModule, type AppModuleOptions } from './app.module';
import { requestContextMiddleware } from './common/context/request-context.middleware';
import { PAGE_API_PATH, pageApiCors } from './common/http/page-api-cors';
import { EnvelopeInterceptor } from './common/http/envelope.interceptor';
import { addExportOperations } from './common/export/add-export-operations';
import { exportRequestMiddleware } from './common/export/export-request.middleware';
import { ExportInterceptor } from './common/export/export.interceptor';
import { RepeatSubmitInterceptor } from './common/security/repeat-submit.interceptor';
import { useBoundedBodyParsers } from './common/security/body-parsers';
import { serveClients } from './web/serve-clients';
import { ApiDocsHolder } from './tool/swagger/api-docs';

export const DOCS_PATH = `${API_BASE.slice(1)}/docs`;

/** Builds the HTTP application with every API convention wired in; used by main.ts and by the tests. */
export async function createApp(options: AppModuleOptions): Promise<NestExpressApplication> {
  const { config } = options;
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(options), {
    bufferLogs: true,
    abortOnError: false,
    // Literal segments (`/check`, `/list`) win over parameters (`/:id`) whatever the order modules declare them in.
    routeResolutionStrategy: 'specificity',
  });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // API answers are fresh data read once; an ETag cost a SHA-1 of every answer body. Static files keep their own.
  app.set('etag', false);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Swagger UI and MUI inject inline styles; scripts stay same-origin only.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          // The public site's WeChat QR login runs WeChat's own widget script.
          'script-src': ["'self'", 'https://res.wx.qq.com'],
          // Staff may add menu entries that show another site inside the console (inner links).
          'frame-src': ["'self'", 'https:', 'http:'],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  // Page script of published sites calls these cross-origin (after helmet: it loosens helmet's resource policy).
  app.use(`${API_BASE}${PAGE_API_PATH}`, pageApiCors);
  app.use(requestContextMiddleware);
  // JSON and form bodies bounded in size and depth (BODY_LIMITS); inside the request context so refusals are localized.
  useBoundedBodyParsers(app);
  app.use(exportRequestMiddleware);
  // Published CMS sites under /site/...: before the clients, whose history fallback would answer any path.
  serveSiteFiles(app.getHttpAdapter().getInstance(), app.get(FILE_STORAGE));
  serveClients(app.getHttpAdapter().getInstance(), config.web);
  app.setGlobalPrefix(API_BASE.slice(1));
  // Order matters: the envelope wraps the answer last; the repeat-submit check runs before any work.
  app.useGlobalInterceptors(app.get(EnvelopeInterceptor), app.get(RepeatSubmitInterceptor), app.get(ExportInterceptor));

  const document = addExportOperations(
    SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('智文 API')
        .setDescription('AI writing, paper checking and CMS back office. Every answer is `{code, msg, data}`.')
        .setVersion('0.1.0')
        .addBearerAuth()
        .addGlobalParameters(
          { name: 'Accept-Language', in: 'header', required: false, schema: { type: 'string', enum: ['zh-CN', 'zh-TW', 'en'] } },
          { name: CURRENT_SITE_HEADER, in: 'header', required: false, schema: { type: 'string' } },
        )
        .build(),
    ),
  );
  // The console's 系统接口 screen reads the same document through a permission-checked route.
  app.get(ApiDocsHolder, { strict: false }).document = document;
  SwaggerModule.setup(DOCS_PATH, app, document, { jsonDocumentUrl: `${DOCS_PATH}-json`, customSiteTitle: '智文 API' });
  return app;
}
