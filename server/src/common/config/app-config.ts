import { Transform, plainToInstance } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, validateSync } from 'class-validator';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { AI_RATE_LIMITS } from '@zhiwen/shared';

const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(String(value).toLowerCase());
const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));

/** Environment variables the server reads; every one is optional and has a default (README, "Configuration"). */
export class EnvironmentVariables {
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT?: number;

  @IsOptional()
  @IsString()
  HOST?: string;

  @IsOptional()
  @IsString()
  DATA_DIR?: string;

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(65535)
  EMBEDDED_PG_PORT?: number;

  @IsOptional()
  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL?: string;

  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' })
  JWT_SECRET?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(7 * 24 * 60)
  SESSION_IDLE_MINUTES?: number;

  // At least two heartbeats (every 10 s) fit in it, so a live task is never taken for a dead one.
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(20)
  @Max(3600)
  TASK_STALE_SECONDS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(30 * 24)
  SESSION_MAX_HOURS?: number;

  @IsOptional()
  @IsIn(['local', 's3'])
  STORAGE_DRIVER?: 'local' | 's3';

  @IsOptional()
  @IsString()
  STORAGE_LOCAL_DIR?: string;

  @IsOptional()
  @IsString()
  S3_ENDPOINT?: string;

  @IsOptional()
  @IsString()
  S3_REGION?: string;

  @IsOptional()
  @IsString()
  S3_BUCKET?: string;

  @IsOptional()
  @IsString()
  S3_ACCESS_KEY?: string;

  @IsOptional()
  @IsString()
  S3_SECRET_KEY?: string;

  @IsOptional()
  @IsString()
  S3_PUBLIC_URL?: string;

  @IsOptional()
  @IsString()
  @MinLength(8, { message: 'ADMIN_PASSWORD must be at least 8 characters' })
  ADMIN_PASSWORD?: string;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  CAPTCHA_ENABLED?: boolean;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  DEMO_SITE?: boolean;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  WORKER?: boolean;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  QUEUE_ENABLED?: boolean;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  JOBS_IN_API?: boolean;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  RATE_LIMIT_PER_MINUTE?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  CHECK_THREADS?: number;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  CHECK_WARM_THREAD?: boolean;

  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL?: string;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  LOG_PRETTY?: boolean;

  @IsOptional()
  @IsString()
  TRUST_PROXY?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, { message: 'WECHAT_API_BASE must be an http(s):// URL without query' })
  WECHAT_API_BASE?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, { message: 'WECHATPAY_API_BASE must be an http(s):// URL without query' })
  WECHATPAY_API_BASE?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, { message: 'ALIPAY_GATEWAY must be an http(s):// URL without query' })
  ALIPAY_GATEWAY?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s/?#]+\/?$/, { message: 'PUSHER_WECOM_BASE must be an http(s):// origin without path' })
  PUSHER_WECOM_BASE?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s/?#]+\/?$/, { message: 'PUSHER_DINGTALK_BASE must be an http(s):// origin without path' })
  PUSHER_DINGTALK_BASE?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s/?#]+\/?$/, { message: 'PUSHER_FEISHU_BASE must be an http(s):// origin without path' })
  PUSHER_FEISHU_BASE?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/, { message: 'LLM_BASE_URL must be an http(s):// URL without user, password or query' })
  LLM_BASE_URL?: string;

  @IsOptional()
  @IsString()
  LLM_API_KEY?: string;

  @IsOptional()
  @IsString()
  LLM_MODEL?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AI_RATE_MEMBER_PER_MINUTE?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AI_RATE_IP_PER_MINUTE?: number;

  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV?: string;
}

export interface StorageConfig {
  driver: 'local' | 's3';
  localDir: string;
  s3?: { endpoint: string; region: string; bucket: string; accessKey: string; secretKey: string; publicUrl?: string };
}

/** Resolved, validated configuration of one server process. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Absent: start the embedded PostgreSQL in `<dataDir>/pg`. */
  databaseUrl?: string;
  embeddedPgPort: number;
  redisUrl?: string;
  jwtSecret: string;
  /** True when no JWT_SECRET was given and one was generated and kept in the data folder. */
  jwtSecretGenerated: boolean;
  /** A session ends after this long without a request (sliding). */
  sessionIdleMs: number;
  /** A token is never valid longer than this, active or not. */
  sessionMaxMs: number;
  /**
   * A running check or publish task whose heartbeat is older than this belongs to a dead process; the sweep (run this
   * often) queues it again.
   */
  taskStaleMs: number;
  storage: StorageConfig;
  adminPassword?: string;
  /** Environment override of the `sys.account.captchaEnabled` config key; undefined = use the key. */
  captchaEnabled?: boolean;
  /** Make the demo CMS site (示例站点) when the embedded database was just created. */
  demoSite: boolean;
  /** This process runs only background jobs, no HTTP. */
  workerOnly: boolean;
  /** Connect to the job queue (pg-boss) at all. */
  queueEnabled: boolean;
  /** Run job handlers in this process: always in a worker, in the API process unless JOBS_IN_API=false. */
  runJobs: boolean;
  rateLimitPerMinute: number;
  /** Worker threads running checks (0: in the job's own thread); default one less than the cores, at least 1. */
  checkThreads: number;
  /**
   * A process that runs jobs keeps one check thread from boot and warms it up (about 1 s of a core at start, and the
   * thread's memory while idle); false: threads start with the first check and end after a minute idle.
   */
  checkWarmThread: boolean;
  logLevel: string;
  logPretty: boolean;
  trustProxy: string | boolean;
  env: 'development' | 'production' | 'test';
  /** Folders of the built clients served by this process. */
  web: { siteDist: string; adminDist: string };
  /** Base URL of the WeChat open platform API (QR login); tests point it at a loopback fake. */
  wechatApiBase: string;
  /** Where payment providers are called (production addresses by default; tests point them at loopback fakes). */
  payment: { wechatPayApiBase: string; alipayGateway: string };
  /**
   * The message pusher: the only origins robot webhooks may point at (the robots' official hosts unless tests point
   * them at loopback fakes), and the retries of a delivery (pg-boss back-off from retryDelaySeconds).
   */
  pusher: { wecomBases: string[]; dingtalkBases: string[]; feishuBases: string[]; retryLimit: number; retryDelaySeconds: number };
  /** An OpenAI-compatible LLM given by the environment (tried after the back-office providers); absent when unset. */
  llm?: { baseUrl: string; apiKey?: string; model: string };
  /** Generations per minute a member, and a client address, may start. */
  aiRate: { memberPerMinute: number; ipPerMinute: number };
}

export class ConfigError extends Error {}

/** Reads and validates configuration from an environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  // A variable set to an empty string (`DATA_DIR=`) means unset, as in most shells' configs and compose files.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const vars = plainToInstance(EnvironmentVariables, given, { excludeExtraneousValues: false });
  const errors = validateSync(vars, { skipMissingProperties: false, whitelist: false });
  if (errors.length) {
    const lines = errors.map((e) => `  ${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const repoRoot = path.resolve(__dirname, '../../../..');
  const dataDir = path.resolve(vars.DATA_DIR ?? path.join(repoRoot, 'data'));
  const storageDriver = vars.STORAGE_DRIVER ?? 'local';
  if (storageDriver === 's3') {
    const missing = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'].filter((k) => !given[k]);
    if (missing.length) throw new ConfigError(`Invalid configuration:\n  STORAGE_DRIVER=s3 needs ${missing.join(', ')}`);
  }
  const nodeEnv = (vars.NODE_ENV ?? 'development') as AppConfig['env'];
  const trustProxy = vars.TRUST_PROXY === undefined ? false : /^\d+$/.test(vars.TRUST_PROXY) ? vars.TRUST_PROXY : vars.TRUST_PROXY === 'true';
  const workerOnly = vars.WORKER ?? false;
  const config: AppConfig = {
    port: vars.PORT ?? 8080,
    host: vars.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    embeddedPgPort: vars.EMBEDDED_PG_PORT ?? 54329,
    redisUrl: vars.REDIS_URL,
    jwtSecret: vars.JWT_SECRET ?? '',
    jwtSecretGenerated: !vars.JWT_SECRET,
    sessionIdleMs: (vars.SESSION_IDLE_MINUTES ?? 30) * 60_000,
    sessionMaxMs: (vars.SESSION_MAX_HOURS ?? 24) * 3_600_000,
    taskStaleMs: (vars.TASK_STALE_SECONDS ?? 60) * 1000,
    storage: {
      driver: storageDriver,
      localDir: path.resolve(vars.STORAGE_LOCAL_DIR ?? path.join(dataDir, 'uploads')),
      s3:
        storageDriver === 's3'
          ? {
              endpoint: vars.S3_ENDPOINT!,
              region: vars.S3_REGION ?? 'us-east-1',
              bucket: vars.S3_BUCKET!,
              accessKey: vars.S3_ACCESS_KEY!,
              secretKey: vars.S3_SECRET_KEY!,
              publicUrl: vars.S3_PUBLIC_URL,
            }
          : undefined,
    },
    adminPassword: vars.ADMIN_PASSWORD,
    captchaEnabled: vars.CAPTCHA_ENABLED,
    demoSite: vars.DEMO_SITE ?? true,
    workerOnly,
    queueEnabled: vars.QUEUE_ENABLED ?? true,
    runJobs: workerOnly || (vars.JOBS_IN_API ?? true),
    rateLimitPerMinute: vars.RATE_LIMIT_PER_MINUTE ?? 1200,
    checkThreads: vars.CHECK_THREADS ?? Math.max(1, os.availableParallelism() - 1),
    checkWarmThread: vars.CHECK_WARM_THREAD ?? true,
    logLevel: vars.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    logPretty: vars.LOG_PRETTY ?? false,
    trustProxy,
    env: nodeEnv,
    web: {
      siteDist: path.join(repoRoot, 'site-client', 'dist'),
      adminDist: path.join(repoRoot, 'admin-client', 'dist'),
    },
    wechatApiBase: (vars.WECHAT_API_BASE ?? 'https://api.weixin.qq.com').replace(/\/+$/, ''),
    payment: {
      wechatPayApiBase: (vars.WECHATPAY_API_BASE ?? 'https://api.mch.weixin.qq.com').replace(/\/+$/, ''),
      alipayGateway: vars.ALIPAY_GATEWAY ?? 'https://openapi.alipay.com/gateway.do',
    },
    pusher: {
      wecomBases: [vars.PUSHER_WECOM_BASE ?? 'https://qyapi.weixin.qq.com'].map((b) => b.replace(/\/+$/, '')),
      dingtalkBases: [vars.PUSHER_DINGTALK_BASE ?? 'https://oapi.dingtalk.com'].map((b) => b.replace(/\/+$/, '')),
      feishuBases: (vars.PUSHER_FEISHU_BASE ? [vars.PUSHER_FEISHU_BASE] : ['https://open.feishu.cn', 'https://open.larksuite.com']).map((b) =>
        b.replace(/\/+$/, ''),
      ),
      retryLimit: 5,
      retryDelaySeconds: 30,
    },
    llm: vars.LLM_BASE_URL
      ? { baseUrl: vars.LLM_BASE_URL.replace(/\/+$/, ''), apiKey: vars.LLM_API_KEY, model: vars.LLM_MODEL ?? 'default' }
      : undefined,
    aiRate: {
      memberPerMinute: vars.AI_RATE_MEMBER_PER_MINUTE ?? AI_RATE_LIMITS.memberPerMinute,
      ipPerMinute: vars.AI_RATE_IP_PER_MINUTE ?? AI_RATE_LIMITS.ipPerMinute,
    },
    ...overrides,
  };
  return config;
}

/** A random secret for a data folder that has none yet. */
export function generateSecret(): string {
  return randomBytes(48).toString('base64url');
}
