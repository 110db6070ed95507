import { sql } from 'drizzle-orm';
import {
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { workspaces } from './workspaces';

// The identity-verification app (trueid, issue 10). The files themselves live
// in object storage under `trueid/<ws>/<customer>/...`, a prefix the file
// store never lists nor serves; these tables hold the people, their decisions
// and who looked at their files.

export type CustomerStatusValue = 'pending' | 'in_review' | 'approved' | 'rejected';
export type AccessLogActionValue = 'read' | 'upload' | 'review' | 'delete';

/** A person or company a workspace verifies. The id is chosen by the client (PUT). */
export const trueidCustomers = pgTable(
  'trueid_customers',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    /** The fan who verified themself (the fan's side); null for customers the creator entered. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customId: text('custom_id'),
    customEmail: text('custom_email'),
    legalName: text('legal_name').notNull(),
    /** CPF or CNPJ without punctuation, upper case. */
    legalId: text('legal_id').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    country: text('country').notNull().default('BR'),
    status: text('status').$type<CustomerStatusValue>().notNull().default('pending'),
    documentType: text('document_type').notNull(),
    /** The last approval or rejection: when, by whom, why. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionReason: text('decision_reason'),
    /** When the retention job deleted the files (the decision stays). */
    filesPurgedAt: timestamp('files_purged_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex('trueid_customers_user_uq')
      .on(t.workspaceId, t.userId)
      .where(sql`${t.userId} is not null`),
    index('trueid_customers_ws_created_idx').on(t.workspaceId, t.createdAt),
    index('trueid_customers_decided_idx')
      .on(t.decidedAt)
      .where(sql`${t.filesPurgedAt} is null and ${t.decidedAt} is not null`),
    /** Customers never decided whose files the retention job has not purged, by last change. */
    index('trueid_customers_undecided_idx')
      .on(t.updatedAt)
      .where(sql`${t.filesPurgedAt} is null and ${t.decidedAt} is null`),
  ],
);

/** Every status change of a customer, with who made it and when (kept after the files go). */
export const trueidStatusChanges = pgTable(
  'trueid_status_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    fromStatus: text('from_status').$type<CustomerStatusValue>(),
    toStatus: text('to_status').$type<CustomerStatusValue>().notNull(),
    reason: text('reason'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trueid_status_changes_customer_idx').on(t.workspaceId, t.customerId)],
);

/**
 * Who read, uploaded, reviewed or deleted a customer's files. No foreign key to
 * the customer: the log outlives a deleted customer.
 */
export const trueidAccessLog = pgTable(
  'trueid_access_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull(),
    action: text('action').$type<AccessLogActionValue>().notNull(),
    filePath: text('file_path'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trueid_access_log_customer_idx').on(t.workspaceId, t.customerId, t.createdAt)],
);
