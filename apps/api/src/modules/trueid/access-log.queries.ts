/**
 * Read model: a trueid customer's access log with the names of who acted
 * (trueid's log and the users' usernames).
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { trueidAccessLog } from '../../db/schema/trueid';
import { users } from '../../db/schema/users';

export async function listAccessLog(
  db: DbOrTx,
  workspaceId: string,
  customerId: string,
  limit: number,
  offset: number,
) {
  const where = and(
    eq(trueidAccessLog.workspaceId, workspaceId),
    eq(trueidAccessLog.customerId, customerId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: trueidAccessLog.id,
        action: trueidAccessLog.action,
        filePath: trueidAccessLog.filePath,
        userId: trueidAccessLog.userId,
        username: users.username,
        ip: trueidAccessLog.ip,
        createdAt: trueidAccessLog.createdAt,
      })
      .from(trueidAccessLog)
      .innerJoin(users, eq(users.id, trueidAccessLog.userId))
      .where(where)
      .orderBy(desc(trueidAccessLog.createdAt), desc(trueidAccessLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(trueidAccessLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
