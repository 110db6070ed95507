import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_STORAGE_QUOTA_MB } from '@fa-clube/contract';

/**
 * The only reader of process.env. Parsed once at start; a wrong value stops the
 * server with a message naming the variable.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/** A rate limit written `<max>/<seconds>`, e.g. `20/60` = 20 per minute. */
const rate = z
  .string()
  .regex(/^\d+\/\d+$/, 'use o formato <máximo>/<segundos>, ex.: 20/60')
  .transform((v) => {
    const [max, seconds] = v.split('/').map(Number) as [number, number];
    return { max, windowSeconds: seconds };
  })
  .refine((r) => r.max >= 1 && r.windowSeconds >= 1, 'máximo e segundos devem ser ≥ 1');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    APP_URL: z.url({ message: 'APP_URL deve ser uma URL, ex.: https://faclube.com.br' }).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL deve ser uma URL postgres://')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    /** Connections per process to PostgreSQL. */
    DB_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
    /** Waiting longer than this for a connection answers 503 with Retry-After. */
    DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(1).default(3000),
    /** PostgreSQL cancels a statement running longer than this; answered 503 (0 = no limit). */
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
    /**
     * Requests at once per process on the expensive routes (feed, a profile's
     * posts, recommendations), counted once the caller is authenticated; more wait up to
     * DB_ACQUIRE_TIMEOUT_MS, then get 503, so that the rest of the API keeps connections.
     * Default: half the pool.
     */
    HEAVY_REQUESTS_MAX: z.coerce.number().int().min(1).optional(),
    /** Event-loop delay above which every route but the health check answers 503 (0 = off). */
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
    /** Server processes behind the one port (node:cluster); > 1 needs DATABASE_URL and REDIS_URL. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /**
     * What this process does: `all` (HTTP and jobs), `web` (HTTP and live streams; sends jobs) or
     * `jobs` (queues, periodic tasks and media; answers only /healthz and /readyz). `web` and
     * `jobs` need DATABASE_URL: PGlite is one process that does everything.
     */
    ROLE: z.enum(['all', 'web', 'jobs']).default('all'),
    /** Prometheus metrics at http://METRICS_HOST:METRICS_PORT/metrics (off when unset). */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /** A CDN origin in front of signed media URLs and public images (the signature still decides). */
    MEDIA_BASE_URL: z
      .url({ message: 'MEDIA_BASE_URL deve ser uma URL, ex.: https://midia.faclube.com.br' })
      .optional(),
    /** OpenTelemetry traces sent to this OTLP/HTTP endpoint (off when unset). */
    OTEL_EXPORTER_OTLP_ENDPOINT: z
      .url({ message: 'OTEL_EXPORTER_OTLP_ENDPOINT deve ser uma URL, ex.: http://127.0.0.1:4318' })
      .optional(),
    OTEL_SERVICE_NAME: z.string().min(1).max(100).default('fa-clube'),
    /** Redis for rate limits and abuse counters shared by every process (in memory without it). */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL deve ser uma URL redis:// ou rediss://')
      .optional(),
    /** Prefix of every Redis key this server writes. */
    REDIS_KEY_PREFIX: z.string().min(1).max(100).default('fa-clube:'),
    /** Built web client to serve (default apps/web/dist). */
    WEB_DIST: z.string().min(1).optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** Maximum JSON body in bytes. */
    BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
    /** Whole request (headers and body) must arrive within this; uploads included. */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(300_000),
    /** A connection with no traffic either way for this long is closed. */
    CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
    /** An upload (local driver) that sends no bytes for this long is cut. */
    UPLOAD_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    /** Images decoded (re-encoded) at once per process; the others wait. */
    IMAGE_DECODE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    /**
     * ffmpeg for videos: this path, else `ffmpeg` on PATH, else the binary `npm install` brought
     * (@ffmpeg-installer). `none`: run without ffmpeg (only MP4 already in H.264/AAC accepted).
     */
    FFMPEG_PATH: z.string().min(1).optional(),
    /** The system's search path, where ffmpeg and ffprobe are looked for after FFMPEG_PATH. */
    PATH: z.string().default(''),
    /** ffprobe: this path, else beside FFMPEG_PATH, else on PATH, else @ffprobe-installer's. */
    FFPROBE_PATH: z.string().min(1).optional(),
    /** Videos processed (probed, transcoded) at once per process; the others wait in the queue. */
    MEDIA_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
    /** Worker threads per process that read imported bank files; more files wait their turn. */
    IMPORT_PARSE_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
    /** A bank file still being read after this is refused (400) and its worker stopped. */
    IMPORT_PARSE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** Comma-separated allowed origins; CORS is off when empty. */
    CORS_ORIGINS: list.default([]),
    /** Comma-separated IPs/CIDRs of reverse proxies whose X-Forwarded-For is trusted. */
    TRUST_PROXY: list.default([]),
    /** Path to a MaxMind-format (.mmdb) city database for login locations. */
    GEOIP_DATABASE: z.string().optional(),

    JWT_SECRET: z.string().min(32, 'JWT_SECRET deve ter pelo menos 32 caracteres').optional(),

    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    /** Space each workspace's file store may take, in MB. */
    STORAGE_QUOTA_MB: z.coerce.number().int().min(1).default(DEFAULT_STORAGE_QUOTA_MB),
    /** Workspaces one account may own (each has its own storage quota). */
    WORKSPACES_PER_ACCOUNT_MAX: z.coerce.number().int().min(1).max(1000).default(5),
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool.default(true),

    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL deve ser uma URL smtp:// ou smtps://')
      .optional(),
    MAIL_FROM: z.string().default('Fã Clube <nao-responda@faclube.local>'),
    /** Production without SMTP_URL: e-mails are not sent (only their kind is logged). */
    MAIL_DISABLED: bool.default(false),
    /** Campaign e-mails one workspace may queue per day (São Paulo's calendar day). */
    EMAIL_MARKETING_DAILY_WORKSPACE: z.coerce.number().int().min(1).default(2000),
    /** Campaign e-mails all workspaces together may queue per day. */
    EMAIL_MARKETING_DAILY_PLATFORM: z.coerce.number().int().min(1).default(50_000),
    /** 'Mensagem para todos' one workspace may send in 24 hours (issue 32). */
    BROADCASTS_PER_DAY: z.coerce.number().int().min(1).max(1000).default(10),
    /** Campaign e-mails one account may queue per day, over all the workspaces it owns. */
    EMAIL_MARKETING_DAILY_ACCOUNT: z.coerce.number().int().min(1).default(4000),
    /** The largest share of the platform's daily quota one account may take, in percent. */
    EMAIL_MARKETING_ACCOUNT_SHARE_PERCENT: z.coerce.number().int().min(1).max(100).default(10),
    /** How old an account must be before it sends campaigns, in hours. */
    EMAIL_MARKETING_MIN_ACCOUNT_AGE_HOURS: z.coerce.number().int().min(0).max(8760).default(24),

    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),

    /** Sign-in attempts per IP (all attempts, right or wrong). */
    RATE_LIMIT_SIGNIN_IP: rate.default({ max: 20, windowSeconds: 60 }),
    /** Accounts created per IP. */
    RATE_LIMIT_SIGNUP_IP: rate.default({ max: 10, windowSeconds: 3600 }),
    /** Password-reset requests per IP and per e-mail address. */
    RATE_LIMIT_RESET_IP: rate.default({ max: 10, windowSeconds: 3600 }),
    RATE_LIMIT_RESET_EMAIL: rate.default({ max: 3, windowSeconds: 3600 }),
    /** Wrong 2FA codes per account (sign-in and PATCH /2fa) before a pause. */
    RATE_LIMIT_TWO_FACTOR: rate.default({ max: 5, windowSeconds: 300 }),
    /** Upload URLs (file store, profile images, identity-verification files) per user. */
    RATE_LIMIT_UPLOAD_URLS: rate.default({ max: 60, windowSeconds: 600 }),
    /** Bank-file import calls (mapping, format, categorize) per user. */
    RATE_LIMIT_IMPORT: rate.default({ max: 30, windowSeconds: 300 }),
    /** Chat messages per sender (docs/decisions/040-chat.md). */
    RATE_LIMIT_CHAT_MESSAGES: rate.default({ max: 30, windowSeconds: 60 }),
    /** Changes of where a workspace's money goes (PSP connection, its removal, the Pix key) per user. */
    RATE_LIMIT_PIX_CHANGES: rate.default({ max: 20, windowSeconds: 3600 }),
    /** One-off charges (a post, a message, a tip) a payer may open (issue 32). */
    RATE_LIMIT_SALE_CHARGES: rate.default({ max: 20, windowSeconds: 600 }),
    /** Pix Automático authorizations (each one calls the creator's PSP three times) per fan... */
    RATE_LIMIT_AUTOMATIC_PAYER: rate.default({ max: 5, windowSeconds: 3600 }),
    /** ...and per workspace, whoever asks (issue 37). */
    RATE_LIMIT_AUTOMATIC_WORKSPACE: rate.default({ max: 300, windowSeconds: 3600 }),
    /** Wrong passwords in a row before the account is locked; the lock doubles after each further one. */
    LOGIN_LOCKOUT_THRESHOLD: z.coerce.number().int().min(1).default(5),
    LOGIN_LOCKOUT_SECONDS: z.coerce.number().int().min(1).default(60),
    LOGIN_LOCKOUT_MAX_SECONDS: z.coerce.number().int().min(1).default(900),

    /**
     * Gone (decision 048): read only to refuse `apipix`, the deployment-wide PSP account that
     * a single-creator install now connects from 'Planos' like anyone; `manual` was the default.
     */
    PIX_PROVIDER: z.string().optional(),
    /** Extra CA certificates (PEM) to trust for PSP servers, e.g. ICP-Brasil's, besides Node's. */
    PIX_CA_FILE: z.string().optional(),
    /**
     * PSP URLs may point to loopback, private and other non-public addresses (tests, a private
     * deployment whose PSP gateway is internal). Off: only public addresses are connected to.
     */
    PIX_PSP_ALLOW_PRIVATE_NETWORKS: bool.default(false),
    /** A PSP client certificate still being read after this (in its worker thread) is refused. */
    PIX_CERTIFICATE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    /** How often each connected PSP is asked for what it received (reconciliation), in seconds. */
    PIX_RECONCILE_SECONDS: z.coerce.number().int().min(30).max(86_400).default(300),
    /** Days before a period ends that its Pix Automático debit is scheduled (Banco Central: 2 to 10). */
    PIX_AUTOMATIC_LEAD_DAYS: z.coerce.number().int().min(2).max(10).default(5),
    /** How long a Pix charge (BR Code) stays payable, in minutes. */
    PIX_CHARGE_TTL_MINUTES: z.coerce.number().int().min(5).max(43_200).default(1440),
    /** Web Push (VAPID, RFC 8292): the application server's keys (base64url); generated under DATA_DIR outside production. */
    VAPID_PUBLIC_KEY: z.string().trim().min(1).optional(),
    VAPID_PRIVATE_KEY: z.string().trim().min(1).optional(),
    /** `mailto:` or `https:` contact the push services may use (RFC 8292). */
    VAPID_SUBJECT: z
      .string()
      .trim()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'use mailto:endereço ou https://…')
      .optional(),
    /** Hosts a push endpoint may be on (`*.x` for subdomains): the browsers' push services. */
    PUSH_SERVICE_HOSTS: list.default([
      'fcm.googleapis.com',
      'android.googleapis.com',
      'updates.push.services.mozilla.com',
      '*.push.services.mozilla.com',
      '*.notify.windows.com',
      'web.push.apple.com',
      '*.push.apple.com',
    ]),
    /** Extra CA certificates (PEM) to trust for push services, besides Node's (tests). */
    PUSH_CA_FILE: z.string().optional(),
    /** Days before a subscription ends that the renewal reminder is e-mailed. */
    SUBSCRIPTION_REMINDER_DAYS: z.coerce.number().int().min(1).max(30).default(3),
    /** How often the subscription jobs (expiry, reminders) sweep, in seconds. */
    SUBSCRIPTION_JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(10).default(600),
    /** How often the chat's e-mail digest sweeps for messages unread for 10 minutes, in seconds. */
    CHAT_DIGEST_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(60),
    /** A comment line on every open event stream (GET /events) this often, in seconds; each tick also ends the streams whose session ended. */
    EVENTS_KEEPALIVE_SECONDS: z.coerce.number().int().min(1).max(300).default(25),
    /** Event streams (GET /events) open at once from one address (an IPv6 /64), per process. */
    EVENTS_STREAMS_PER_IP: z.coerce.number().int().min(1).default(50),
    /** Days a sign-in stays in the access log (Segurança); older entries are purged. */
    LOGIN_ACTIVITY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  })
  .superRefine((env, ctx) => {
    if (env.ROLE !== 'all' && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['ROLE'],
        message: `ROLE=${env.ROLE} precisa de DATABASE_URL: o banco embutido (PGlite) atende um processo só, que faz tudo (ROLE=all)`,
      });
    }
    if (env.ROLE !== 'all' && env.DATABASE_URL && !env.REDIS_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['ROLE'],
        message: `ROLE=${env.ROLE} precisa de REDIS_URL: os eventos ao vivo e os limites de tentativas devem valer para todos os processos`,
      });
    }
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message:
          'WEB_CONCURRENCY > 1 precisa de DATABASE_URL: o banco embutido (PGlite) atende um processo só',
      });
    }
    if (env.WEB_CONCURRENCY > 1 && !env.REDIS_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message:
          'WEB_CONCURRENCY > 1 precisa de REDIS_URL: os limites de tentativas devem valer para todos os processos',
      });
    }
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'JWT_SECRET é obrigatório em produção (gere um com: openssl rand -hex 32)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL && !env.MAIL_DISABLED) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'SMTP_URL é obrigatório em produção (links de redefinição e convites vão por e-mail); defina MAIL_DISABLED=true para iniciar sem e-mail',
      });
    }
    if (env.STORAGE_DRIVER === 's3') {
      for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `${key} é obrigatório com STORAGE_DRIVER=s3`,
          });
      }
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_SECRET'],
        message: 'Defina GOOGLE_CLIENT_ID e GOOGLE_CLIENT_SECRET juntos',
      });
    }
    if (env.PIX_PROVIDER !== undefined && env.PIX_PROVIDER !== 'manual') {
      ctx.addIssue({
        code: 'custom',
        path: ['PIX_PROVIDER'],
        message:
          'PIX_PROVIDER=apipix não existe mais: o criador conecta a conta do próprio PSP em ' +
          'Configurações › Planos › Conta Pix (API do banco), também numa instalação de um ' +
          'criador só. Remova PIX_PROVIDER e PIX_API_URL, PIX_TOKEN_URL, PIX_CLIENT_ID, ' +
          'PIX_CLIENT_SECRET, PIX_CLIENT_CERT_FILE, PIX_CLIENT_KEY_FILE, ' +
          'PIX_CLIENT_CERT_PASSPHRASE e PIX_WEBHOOK_SECRET (notas de atualização no README).',
      });
    }
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  appUrl: string;
  databaseUrl?: string;
  dataDir: string;
  db: { poolMax: number; acquireTimeoutMs: number; statementTimeoutMs: number };
  /** Load shedding: concurrent expensive requests per process, event-loop delay ceiling. */
  load: { heavyRequestsMax: number; maxEventLoopDelayMs: number };
  webConcurrency: number;
  /** What this process runs (ROLE): HTTP, jobs, or both. */
  role: 'all' | 'web' | 'jobs';
  metrics?: { host: string; port: number };
  /** CDN origin for media URLs (MEDIA_BASE_URL, no trailing slash). */
  mediaBaseUrl?: string;
  otel?: { endpoint: string; serviceName: string };
  redis?: { url: string; keyPrefix: string };
  webDist?: string;
  logLevel: string;
  bodyLimit: number;
  timeouts: { requestMs: number; connectionMs: number; uploadIdleMs: number };
  imageDecodeConcurrency: number;
  /** Videos: where ffmpeg/ffprobe are asked for (lib/video locates them) and how many at once. */
  media: { ffmpegPath?: string; ffprobePath?: string; searchPath: string; concurrency: number };
  /** Bank files read in worker threads: how many at once, and each one's deadline. */
  importParse: { workers: number; timeoutMs: number };
  corsOrigins: string[];
  trustProxy: string[];
  geoipDatabase?: string;
  /** Set by resolveSecrets() when absent from the environment outside production. */
  jwtSecret?: string;
  /** Workspaces one account may own (create or receive). */
  workspacesPerAccountMax: number;
  storage: {
    driver: 'local' | 's3';
    /** Per-workspace file store quota, in bytes. */
    quotaBytes: number;
    s3?: {
      endpoint?: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };
  };
  mail: { smtpUrl?: string; from: string };
  /** Campaign sending: daily quotas (per workspace, platform-wide) and the sender's minimum account age. */
  emailMarketing: {
    dailyPerWorkspace: number;
    dailyPlatform: number;
    /** EMAIL_MARKETING_DAILY_ACCOUNT, capped at the account's share of the platform's quota. */
    dailyPerAccount: number;
    minAccountAgeHours: number;
  };
  /** Messages to many: how many a workspace may send in 24 hours. */
  broadcastsPerDay: number;
  google?: { clientId: string; clientSecret: string; issuer: string };
  /** Abuse limits (see docs/decisions: rate limiting). */
  limits: {
    signInIp: RateLimit;
    signUpIp: RateLimit;
    resetIp: RateLimit;
    resetEmail: RateLimit;
    twoFactor: RateLimit;
    uploadUrls: RateLimit;
    import: RateLimit;
    chatMessages: RateLimit;
    pixChanges: RateLimit;
    saleCharges: RateLimit;
    automaticPayer: RateLimit;
    automaticWorkspace: RateLimit;
    lockout: { threshold: number; baseSeconds: number; maxSeconds: number };
  };
  pix: {
    caFile?: string;
    certificateTimeoutMs: number;
    allowPrivateNetworks: boolean;
    chargeTtlMinutes: number;
    reconcileSeconds: number;
    automaticLeadDays: number;
  };
  subscriptions: { reminderDays: number; jobsIntervalSeconds: number };
  push: {
    vapidPublicKey?: string;
    vapidPrivateKey?: string;
    vapidSubject?: string;
    serviceHosts: string[];
    caFile?: string;
  };
  chat: { digestIntervalSeconds: number; keepAliveSeconds: number; streamsPerIp: number };
  loginActivityRetentionDays: number;
}

export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  - ${i.path.join('.') || 'config'}: ${i.message}`,
    );
    throw new ConfigError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    db: {
      poolMax: e.DB_POOL_MAX,
      acquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    },
    load: {
      heavyRequestsMax: e.HEAVY_REQUESTS_MAX ?? Math.max(1, Math.floor(e.DB_POOL_MAX / 2)),
      maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    },
    webConcurrency: e.WEB_CONCURRENCY,
    role: e.ROLE,
    metrics: e.METRICS_PORT ? { host: e.METRICS_HOST, port: e.METRICS_PORT } : undefined,
    mediaBaseUrl: e.MEDIA_BASE_URL?.replace(/\/+$/, ''),
    otel: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME }
      : undefined,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT,
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_MS,
      connectionMs: e.CONNECTION_TIMEOUT_MS,
      uploadIdleMs: e.UPLOAD_IDLE_TIMEOUT_MS,
    },
    imageDecodeConcurrency: e.IMAGE_DECODE_CONCURRENCY,
    media: {
      ffmpegPath: e.FFMPEG_PATH,
      ffprobePath: e.FFPROBE_PATH,
      searchPath: e.PATH,
      concurrency: e.MEDIA_CONCURRENCY,
    },
    importParse: { workers: e.IMPORT_PARSE_WORKERS, timeoutMs: e.IMPORT_PARSE_TIMEOUT_MS },
    corsOrigins: e.CORS_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    geoipDatabase: e.GEOIP_DATABASE,
    jwtSecret: e.JWT_SECRET,
    workspacesPerAccountMax: e.WORKSPACES_PER_ACCOUNT_MAX,
    storage: {
      driver: e.STORAGE_DRIVER,
      quotaBytes: e.STORAGE_QUOTA_MB * 1024 * 1024,
      s3:
        e.STORAGE_DRIVER === 's3'
          ? {
              endpoint: e.S3_ENDPOINT,
              bucket: e.S3_BUCKET!,
              region: e.S3_REGION,
              accessKeyId: e.S3_ACCESS_KEY_ID!,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
            }
          : undefined,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    emailMarketing: {
      dailyPerWorkspace: e.EMAIL_MARKETING_DAILY_WORKSPACE,
      dailyPlatform: e.EMAIL_MARKETING_DAILY_PLATFORM,
      dailyPerAccount: Math.max(
        1,
        Math.min(
          e.EMAIL_MARKETING_DAILY_ACCOUNT,
          Math.floor(
            (e.EMAIL_MARKETING_DAILY_PLATFORM * e.EMAIL_MARKETING_ACCOUNT_SHARE_PERCENT) / 100,
          ),
        ),
      ),
      minAccountAgeHours: e.EMAIL_MARKETING_MIN_ACCOUNT_AGE_HOURS,
    },
    broadcastsPerDay: e.BROADCASTS_PER_DAY,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.GOOGLE_ISSUER,
          }
        : undefined,
    limits: {
      signInIp: e.RATE_LIMIT_SIGNIN_IP,
      signUpIp: e.RATE_LIMIT_SIGNUP_IP,
      resetIp: e.RATE_LIMIT_RESET_IP,
      resetEmail: e.RATE_LIMIT_RESET_EMAIL,
      twoFactor: e.RATE_LIMIT_TWO_FACTOR,
      uploadUrls: e.RATE_LIMIT_UPLOAD_URLS,
      import: e.RATE_LIMIT_IMPORT,
      chatMessages: e.RATE_LIMIT_CHAT_MESSAGES,
      pixChanges: e.RATE_LIMIT_PIX_CHANGES,
      saleCharges: e.RATE_LIMIT_SALE_CHARGES,
      automaticPayer: e.RATE_LIMIT_AUTOMATIC_PAYER,
      automaticWorkspace: e.RATE_LIMIT_AUTOMATIC_WORKSPACE,
      lockout: {
        threshold: e.LOGIN_LOCKOUT_THRESHOLD,
        baseSeconds: e.LOGIN_LOCKOUT_SECONDS,
        maxSeconds: e.LOGIN_LOCKOUT_MAX_SECONDS,
      },
    },
    pix: {
      caFile: e.PIX_CA_FILE,
      certificateTimeoutMs: e.PIX_CERTIFICATE_TIMEOUT_MS,
      allowPrivateNetworks: e.PIX_PSP_ALLOW_PRIVATE_NETWORKS,
      chargeTtlMinutes: e.PIX_CHARGE_TTL_MINUTES,
      reconcileSeconds: e.PIX_RECONCILE_SECONDS,
      automaticLeadDays: e.PIX_AUTOMATIC_LEAD_DAYS,
    },
    push: {
      vapidPublicKey: e.VAPID_PUBLIC_KEY,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY,
      vapidSubject: e.VAPID_SUBJECT,
      serviceHosts: e.PUSH_SERVICE_HOSTS.map((h) => h.toLowerCase()),
      caFile: e.PUSH_CA_FILE,
    },
    subscriptions: {
      reminderDays: e.SUBSCRIPTION_REMINDER_DAYS,
      jobsIntervalSeconds: e.SUBSCRIPTION_JOBS_INTERVAL_SECONDS,
    },
    chat: {
      digestIntervalSeconds: e.CHAT_DIGEST_INTERVAL_SECONDS,
      keepAliveSeconds: e.EVENTS_KEEPALIVE_SECONDS,
      streamsPerIp: e.EVENTS_STREAMS_PER_IP,
    },
    loginActivityRetentionDays: e.LOGIN_ACTIVITY_RETENTION_DAYS,
  };
}

/** Reads `.env` (when present) into process.env, then parses it. */
export function loadConfig(): Config {
  const envFile = path.resolve('.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return parseConfig(process.env);
}
