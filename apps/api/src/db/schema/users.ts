import { sql } from 'drizzle-orm';
import { timeOrderedId } from '../ids';
import {
  bigint,
  boolean,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    fullName: text('full_name').notNull(),
    /** argon2id; null for accounts created through Google that never set one. */
    passwordHash: text('password_hash'),
    avatarPath: text('avatar_path'),
    googleSub: text('google_sub'),
    /**
     * When the Google account was linked (null: before this was recorded). A password reset
     * removes a link made before the address was proved (pre-account takeover).
     */
    googleLinkedAt: timestamp('google_linked_at', { withTimezone: true }),
    /** When the person proved the address (confirmation link, or Google's verified e-mail); null = unproven. */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** When 2FA was turned on (null: off, or before this was recorded); see googleLinkedAt. */
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    /** AES-GCM encrypted base32 TOTP secret (pending while 2FA is off, active while on). */
    totpSecretEnc: text('totp_secret_enc'),
    /** Last accepted TOTP time step: a code is accepted once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_google_sub_uq').on(t.googleSub),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    /** Written on every sign-in: time-ordered (db/ids.ts). */
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(timeOrderedId),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** All tokens rotated from one sign-in share a family; reuse revokes the family. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: uuid('replaced_by'),
    deviceId: text('device_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    /**
     * A user's sessions, and the sign-in's check whether a device ever had one (the lock-out's
     * source): one index entry, however many sessions the user started.
     */
    index('refresh_tokens_user_device_idx').on(t.userId, t.deviceId),
    /** The per-request revocation check: is there a live token in the access token's family? */
    index('refresh_tokens_live_family_idx')
      .on(t.familyId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * "Vincular conta Google" from Segurança: one row per link flow the signed-in person started,
 * consumed (deleted) by the callback, so a flow links at most once and only into the account
 * and session that started it. `id` is the SHA-256 of the flow's secret (kept in its cookie).
 */
export const googleLinkRequests = pgTable(
  'google_link_requests',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The refresh-token family (session) that started the flow: it must still be live. */
    sessionId: uuid('session_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('google_link_requests_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_hash_uq').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
);

export const loginActivities = pgTable(
  'login_activities',
  {
    /** Written on every sign-in: time-ordered (db/ids.ts). */
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(timeOrderedId),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    deviceType: text('device_type').notNull(),
    deviceName: text('device_name'),
    browser: text('browser'),
    country: text('country'),
    state: text('state'),
    city: text('city'),
    /** password, google (sign-ins); data_export, account_deletion (the person's own requests) */
    method: text('method').notNull().default('password'),
    /** The refresh-token family the sign-in started (the sessions list shows its device). */
    sessionId: uuid('session_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_activities_user_created_idx').on(t.userId, t.createdAt.desc()),
    /** The retention purge deletes the oldest rows first, in batches. */
    index('login_activities_created_idx').on(t.createdAt),
  ],
);
