import {
  MY_SUBSCRIPTIONS_PAGING,
  PAGE_SIZE_MAX,
  accountPaths,
  apiPath,
  paths,
} from '@fa-clube/contract';
import type {
  ChangeEmailBody,
  ChangePasswordBody,
  CreateWorkspaceBody,
  ImageContentType,
  SubscriptionNotifications,
  UpdateProfileBody,
} from '@fa-clube/contract';
import { api, request } from '@/lib/api-client';

export const mySubscriptionsKey = ['my-subscriptions'] as const;
export const sessionsKey = ['my-sessions'] as const;

/**
 * GET /subscriptions: subscriptions, open charges and paid periods. One page of the largest size
 * (the list is paged since issue 11): a person rarely follows more than a hundred creators.
 */
export const fetchMySubscriptions = (signal?: AbortSignal) =>
  api.get(apiPath(paths.subscriptions), {
    query: { page: MY_SUBSCRIPTIONS_PAGING.base, size: PAGE_SIZE_MAX },
    schema: 'SubscriptionsResponse',
    signal,
  });

/**
 * DELETE /subscriptions/{id}/recurrence: the fan stops the Pix Automático debits; the
 * subscription stays active until its period ends.
 */
export const subscriptionNotificationsKey = (subscriptionId: string) =>
  ['subscription-notifications', subscriptionId] as const;

/** GET /subscriptions/{id}/notifications: the new-post switches of one subscription. */
export const fetchSubscriptionNotifications = (subscriptionId: string, signal?: AbortSignal) =>
  api.get(apiPath(paths.subscriptionNotifications, { id: subscriptionId }), {
    schema: 'SubscriptionNotifications',
    signal,
  });

/** PUT /subscriptions/{id}/notifications { email, push } */
export const saveSubscriptionNotifications = (
  subscriptionId: string,
  body: SubscriptionNotifications,
) =>
  api.put(apiPath(paths.subscriptionNotifications, { id: subscriptionId }), body, {
    schema: 'SubscriptionNotifications',
  });

export const cancelRecurrence = (subscriptionId: string) =>
  api.delete(apiPath(paths.subscriptionRecurrence, { id: subscriptionId }), {
    schema: 'MyRenewal',
  });

export const updateProfile = (body: UpdateProfileBody) =>
  api.patch(apiPath(accountPaths.me), body, { schema: 'MeResponse' });

export const changePassword = (body: ChangePasswordBody) =>
  api.post(apiPath(accountPaths.password), body, {
    schema: 'PasswordChanged',
  });

export const requestEmailChange = (body: ChangeEmailBody) =>
  api.post(apiPath(accountPaths.email), body, {
    schema: 'EmailChangeRequested',
  });

/** The link's token; public (the link may be opened signed out or on another device). */
export const confirmEmailChange = (token: string) =>
  api.post(
    apiPath(accountPaths.emailConfirm),
    { token },
    {
      schema: 'EmailChangeRequested',
      auth: false,
    },
  );

export const fetchSessions = (signal?: AbortSignal) =>
  api.get(apiPath(accountPaths.sessions), {
    schema: 'SessionsResponse',
    signal,
  });

export const endSession = (id: string) =>
  api.delete(apiPath(accountPaths.session, { id }), { schema: 'MessageBody' });

export const endOtherSessions = () =>
  api.delete(apiPath(accountPaths.otherSessions), {
    schema: 'RevokedSessionsResponse',
  });

/**
 * GET /me/export as a file (a sign-in of the last 10 minutes), or POST with the password
 * (403 REAUTHENTICATION_REQUIRED asks for it).
 */
export const downloadMyData = (password?: string) =>
  api.file(
    apiPath(accountPaths.export),
    'application/json',
    password === undefined ? undefined : { password },
  );

/** DELETE /me: with the password, or none for an account made through Google without one. */
export const deleteAccount = (password: string | undefined) =>
  request(apiPath(accountPaths.me), {
    method: 'DELETE',
    body: { password },
    schema: 'MessageBody',
  });

/** POST /avatar/upload: a pre-signed PUT for the person's photo. */
export const requestAvatarUpload = (file: { type: ImageContentType; size: number }) =>
  api.post(
    apiPath(paths.userAvatarUpload),
    { content_type: file.type, size: file.size },
    { schema: 'ImageUploadResponse' },
  );

/** POST /workspaces: a new workspace the person owns. */
export const createWorkspace = (body: CreateWorkspaceBody) =>
  api.post(apiPath(paths.workspaces), body, { schema: 'Workspace' });
