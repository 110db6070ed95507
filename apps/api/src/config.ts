import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** Maximum JSON body in bytes. */
    BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
    /** Comma-separated allowed origins; CORS is off when empty. */
    CORS_ORIGINS: list.default([]),
    /** Comma-separated IPs/CIDRs of reverse proxies whose X-Forwarded-For is trusted. */
    TRUST_PROXY: list.default([]),
    /** Path to a MaxMind-format (.mmdb) city database for login locations. */
    GEOIP_DATABASE: z.string().optional(),

    JWT_SECRET: z.string().min(32, 'JWT_SECRET deve ter pelo menos 32 caracteres').optional(),

    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
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

    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),

    PIX_PROVIDER: z.enum(['manual', 'apipix']).default('manual'),
    /** Base URL of a Banco Central "API Pix" provider (PSP), e.g. https://pix.example.com/v2 */
    PIX_API_URL: z.url().optional(),
    PIX_CLIENT_ID: z.string().optional(),
    PIX_CLIENT_SECRET: z.string().optional(),
    /** Shared secret used to authenticate the provider's webhook calls. */
    PIX_WEBHOOK_SECRET: z
      .string()
      .min(16, 'PIX_WEBHOOK_SECRET deve ter pelo menos 16 caracteres')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'JWT_SECRET é obrigatório em produção (gere um com: openssl rand -hex 32)',
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
    if (env.PIX_PROVIDER === 'apipix') {
      for (const key of ['PIX_API_URL', 'PIX_WEBHOOK_SECRET'] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `${key} é obrigatório com PIX_PROVIDER=apipix`,
          });
      }
    }
  });

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  appUrl: string;
  databaseUrl?: string;
  dataDir: string;
  logLevel: string;
  bodyLimit: number;
  corsOrigins: string[];
  trustProxy: string[];
  geoipDatabase?: string;
  /** Set by resolveSecrets() when absent from the environment outside production. */
  jwtSecret?: string;
  storage: {
    driver: 'local' | 's3';
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
  google?: { clientId: string; clientSecret: string; issuer: string };
  pix: {
    provider: 'manual' | 'apipix';
    apiUrl?: string;
    clientId?: string;
    clientSecret?: string;
    webhookSecret?: string;
  };
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
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT,
    corsOrigins: e.CORS_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    geoipDatabase: e.GEOIP_DATABASE,
    jwtSecret: e.JWT_SECRET,
    storage: {
      driver: e.STORAGE_DRIVER,
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
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.GOOGLE_ISSUER,
          }
        : undefined,
    pix: {
      provider: e.PIX_PROVIDER,
      apiUrl: e.PIX_API_URL,
      clientId: e.PIX_CLIENT_ID,
      clientSecret: e.PIX_CLIENT_SECRET,
      webhookSecret: e.PIX_WEBHOOK_SECRET,
    },
  };
}

/** Reads `.env` (when present) into process.env, then parses it. */
export function loadConfig(): Config {
  const envFile = path.resolve('.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return parseConfig(process.env);
}
