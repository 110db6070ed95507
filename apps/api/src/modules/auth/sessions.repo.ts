import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { timeOrderedId } from '../../db/ids';
import { groupCommit } from '../../lib/group-commit';
import { loginActivities, refreshTokens } from '../../db/schema/users';
import { sessionsRevoked } from '../../read-models/sessions';
import type { NewLoginActivity } from './login-activities.repo';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Inserts a refresh token (a renewed session, or a sign-in through signInSession). */
export async function insertRefreshToken(db: DbOrTx, input: typeof refreshTokens.$inferInsert) {
  const [row] = await db.insert(refreshTokens).values(input).returning();
  return row!;
}

const p = (name: string) => sql.placeholder(name);

/** A sign-in's session: its refresh token and its login activity, ids included. */
export interface SignInSessionRow {
  tokenId: string;
  userId: string;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
  deviceId: string | null;
  createdAt: Date;
  activityId: string;
  ip: string;
  deviceType: string;
  deviceName: string | null;
  browser: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  method: string;
  activityAt: Date;
}

/** Each field of SignInSessionRow: one array parameter of the statement, with its type. */
const SIGN_IN_COLUMNS = {
  tokenId: 'uuid',
  userId: 'uuid',
  familyId: 'uuid',
  tokenHash: 'text',
  expiresAt: 'timestamptz',
  deviceId: 'text',
  createdAt: 'timestamptz',
  activityId: 'uuid',
  ip: 'text',
  deviceType: 'text',
  deviceName: 'text',
  browser: 'text',
  country: 'text',
  state: 'text',
  city: 'text',
  method: 'text',
  activityAt: 'timestamptz',
} as const satisfies Record<keyof SignInSessionRow, string>;
type SignInField = keyof typeof SIGN_IN_COLUMNS;
const SIGN_IN_FIELDS = Object.keys(SIGN_IN_COLUMNS) as SignInField[];

/**
 * Sign-ins' sessions, any number in one prepared statement (one round trip, one commit): the
 * rows come in as one array per field, unnested into the refresh tokens and the login activities.
 */
const signInStatement = perDatabase((db) => {
  const unnest = sql.join(
    SIGN_IN_FIELDS.map((f) => sql`${p(f)}::${sql.raw(SIGN_IN_COLUMNS[f])}[]`),
    sql`, `,
  );
  const names = sql.raw(SIGN_IN_FIELDS.map((f) => `"${f}"`).join(', '));
  const field = (f: SignInField) => sql`${sql.identifier('rows')}.${sql.identifier(f)}`;
  const rows = db
    .$with('rows')
    .as(
      db
        .select(Object.fromEntries(SIGN_IN_FIELDS.map((f) => [f, field(f).as(f)])))
        .from(sql`unnest(${unnest}) as "rows"(${names})`),
    );
  // every column, in the table's order (drizzle names them all in an insert's select)
  const from = (...fields: (SignInField | null)[]) =>
    sql`select ${sql.join(
      fields.map((f) => (f ? field(f) : sql`null`)),
      sql`, `,
    )} from ${rows}`;
  const activity = db.$with('activity').as(
    db
      .insert(loginActivities)
      .select(
        from(
          'activityId',
          'userId',
          'ip',
          'deviceType',
          'deviceName',
          'browser',
          'country',
          'state',
          'city',
          'method',
          'familyId',
          'activityAt',
        ),
      )
      .returning({ id: loginActivities.id }),
  );
  return db
    .with(rows, activity)
    .insert(refreshTokens)
    .select(
      from(
        'tokenId',
        'userId',
        'familyId',
        'tokenHash',
        'expiresAt',
        null,
        null,
        'deviceId',
        'createdAt',
      ),
    )
    .prepare('sign_in_sessions');
});

/**
 * How long a sign-in's write waits for others to join it, under load only (lib/group-commit.ts):
 * about one argon2 verification of this machine, which every sign-in spends anyway.
 */
const SIGN_IN_WRITE_LINGER_MS = 15;

/** The sign-ins waiting for the running write, per database. */
const signInWrites = perDatabase((db) =>
  groupCommit<SignInSessionRow>(
    async (batch) => {
      await signInStatement(db).execute(
        Object.fromEntries(SIGN_IN_FIELDS.map((f) => [f, batch.map((row) => row[f])])),
      );
    },
    { lingerMs: SIGN_IN_WRITE_LINGER_MS },
  ),
);

/**
 * A sign-in's session: its refresh token and its login activity, written together with the other
 * sign-ins that finish meanwhile (group commit): resolves once committed.
 */
export async function insertSignInSession(
  db: Db,
  token: Pick<
    SignInSessionRow,
    'userId' | 'familyId' | 'tokenHash' | 'expiresAt' | 'deviceId' | 'createdAt'
  >,
  activity: Omit<NewLoginActivity, 'userId' | 'sessionId'>,
) {
  // a prepared statement takes no column defaults: the ids are passed (db/ids.ts)
  await signInWrites(db)({
    ...token,
    tokenId: timeOrderedId(),
    activityId: timeOrderedId(),
    ip: activity.ip,
    deviceType: activity.deviceType,
    deviceName: activity.deviceName ?? null,
    browser: activity.browser ?? null,
    country: activity.country ?? null,
    state: activity.state ?? null,
    city: activity.city ?? null,
    method: activity.method ?? 'password',
    activityAt: activity.createdAt ?? token.createdAt,
  });
}

export async function findRefreshTokenByHash(
  db: DbOrTx,
  tokenHash: string,
): Promise<RefreshTokenRow | null> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Marks a token used; returns false when another request used it first. */
export async function consumeRefreshToken(
  db: DbOrTx,
  id: string,
  replacedBy: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: now, replacedBy })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

/*
 * Every revoking statement tells the session check (read-models/sessions.ts) before and after
 * it runs; a caller inside a transaction calls sessionsRevoked() again after the commit.
 */
export async function revokeFamily(db: DbOrTx, familyId: string, now: Date) {
  sessionsRevoked();
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  sessionsRevoked();
}

export async function revokeAllForUser(db: DbOrTx, userId: string, now: Date) {
  sessionsRevoked();
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  sessionsRevoked();
}

/** The device and the sign-in time of a session (its first refresh token). */
export async function sessionOrigin(
  db: DbOrTx,
  familyId: string,
): Promise<{ deviceId: string | null; startedAt: Date } | null> {
  const [row] = await db
    .select({ deviceId: refreshTokens.deviceId, startedAt: refreshTokens.createdAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.familyId, familyId))
    .orderBy(asc(refreshTokens.createdAt))
    .limit(1);
  return row ?? null;
}
