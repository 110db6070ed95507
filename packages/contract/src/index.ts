import { ACCOUNT_ERRORS } from './account';
import { APPS_ERRORS } from './apps';
import { AUTH_ERRORS } from './auth';
import { CHAT_ERRORS } from './chat';
import { CONTENT_ERRORS } from './content';
import { COMMON_ERRORS, composeErrors, errorResponsesFor } from './errors';
import { FILE_ERRORS } from './files';
import { FINANCE_ERRORS } from './finance';
import { NOTIFICATION_ERRORS, PUSH_ERRORS } from './notifications';
import { SALES_ERRORS } from './sales';
import { SUBSCRIPTION_ERRORS } from './subscriptions';
import { WORKSPACE_ERRORS } from './workspaces';

export * from './patterns';
export * from './common';
export * from './device';
export * from './errors';
export * from './money';
export * from './paging';
export * from './paged';
export * from './plan-types';
export * from './plans';
export * from './paths';
export * from './auth';
export * from './workspaces';
export * from './media';
export * from './files';
export * from './content';
export * from './subscriptions';
export * from './pix';
export * from './dates';
export * from './legal-id';
export * from './documents';
export * from './apps';
export * from './navigation';
export * from './finance';
export * from './account';
export * from './chat';
export * from './sales';
export * from './insights';
export * from './notifications';

/**
 * Every error code the API answers, with its HTTP status and default message.
 * A new domain exports its `<DOMAIN>_ERRORS` from its own file and adds it here.
 */
export const ERRORS = composeErrors(
  COMMON_ERRORS,
  AUTH_ERRORS,
  WORKSPACE_ERRORS,
  FILE_ERRORS,
  CONTENT_ERRORS,
  SUBSCRIPTION_ERRORS,
  FINANCE_ERRORS,
  APPS_ERRORS,
  ACCOUNT_ERRORS,
  CHAT_ERRORS,
  SALES_ERRORS,
  NOTIFICATION_ERRORS,
  PUSH_ERRORS,
);
/** The union the web client switches on: `if (error.code === 'TWO_FACTOR_REQUIRED')`. */
export type ErrorCode = keyof typeof ERRORS;

/** A route's error responses: `response: { 200: Plan, ...errorResponses(400, 401, 404) }`. */
export const errorResponses = errorResponsesFor(ERRORS);
