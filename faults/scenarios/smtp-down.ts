/**
 * Scenario 9: the SMTP server goes down during a load of password resets,
 * invitations and campaign sends, then comes back. Every request must answer
 * without 5xx during the outage, and every message a request was acknowledged
 * for must arrive exactly once (mail outbox, modules/mail; campaigns: the
 * email-marketing queue) — counted by recipient, token and Message-ID.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../apps/api/src/db/client';
import {
  CONFIRMATION_SUBJECT,
  CONTACT_CONFIRMATION_SUBJECT,
  startTestSmtp,
} from '../../apps/api/test/support/smtp';
import type { ReceivedMail, TestSmtp } from '../../apps/api/test/support/smtp';
import { freePort, sleep, startApi, stopApi, waitReady } from '../lib/api';
import { sized } from '../lib/fast';
import type { Figures } from '../lib/check';
import { call, HttpError, signUp } from '../lib/load';
import type { User } from '../lib/load';
import { createDb } from '../lib/pg-cluster';
import type { PgCluster } from '../lib/pg-cluster';
import type { Result } from '../scenarios';

const OUTAGE_MS = sized(12_000, 6_000);
const DELIVERY_DEADLINE_MS = 180_000;

type Kind = 'reset' | 'invite' | 'campaign';
interface Sent {
  kind: Kind;
  /** Who must receive it; a campaign: one per contact. */
  to: string[];
  subject?: string;
  status?: number;
  error?: string;
  start: number;
  end: number;
}

/** The sink: the API's test SMTP server, stopped and started again on its port. */
async function sink() {
  let server: TestSmtp | null = await startTestSmtp();
  const port = Number(new URL(server.url).port);
  const kept: ReceivedMail[] = [];
  return {
    url: server.url,
    all: () => [...kept, ...(server?.messages ?? [])],
    async stop() {
      // what arrives while it closes counts too: keep the messages after the close
      const closing = server!;
      server = null;
      await closing.close();
      kept.push(...closing.messages);
    },
    async start() {
      server = await startTestSmtp({ port });
    },
    async close() {
      await server?.close();
    },
  };
}

export async function smtpDown(env: { cluster(): Promise<PgCluster> }): Promise<Result> {
  const failures: string[] = [];
  const notes: string[] = [];
  const smtp = await sink();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fa-faults-smtp-'));
  const databaseUrl = await createDb(await env.cluster(), 'smtp_down');
  const api = startApi({
    port: await freePort(),
    dataDir,
    databaseUrl,
    env: {
      SMTP_URL: smtp.url,
      MAIL_DISABLED: 'false',
      // two processes: the outbox's claims must hold across them (several processes need Redis
      // for the shared rate limits: FAULTS_REDIS_URL, default the local one)
      WEB_CONCURRENCY: '2',
      REDIS_URL: process.env.FAULTS_REDIS_URL ?? 'redis://127.0.0.1:6379/7',
      RATE_LIMIT_RESET_IP: '1000000/60',
      RATE_LIMIT_RESET_EMAIL: '1000000/60',
      // the owner signs up a moment before her first campaign (a day's wait by default)
      EMAIL_MARKETING_MIN_ACCOUNT_AGE_HOURS: '0',
    },
  });
  const sent: Sent[] = [];
  try {
    await waitReady(api, 120_000);
    const owner = await signUp(api.url, 'dona');
    const ws = owner.workspaceId;
    const auth = { token: owner.token };
    // campaigns go out only from a confirmed address (SENDER_EMAIL_UNCONFIRMED): the owner
    // follows the link of her 'Confirme seu e-mail', as a person would (SMTP is still up)
    await confirmByLink(api.url, smtp.all, owner.email);
    await call(api.url, 'PUT', `/apps/${ws}?label=email-marketing`, {
      ...auth,
      json: { installed: true },
    });
    await call(api.url, 'PUT', `/apps/${ws}/email-marketing/settings`, {
      ...auth,
      json: { settings: { rate_per_minute: 600 } },
    });
    // campaigns go only to the audience: a pool of contacts imported with their consent, each
    // campaign to 3 of them under its own subject (counted by recipient and subject)
    const run = randomTag();
    const pool = Array.from({ length: 30 }, (_, k) => `contato_${run}_${k}@faults.test`);
    await call(api.url, 'PUT', `/apps/email-marketing/${ws}/contacts`, {
      ...auth,
      json: {
        contacts: pool.map((email) => ({
          email,
          opt_in: { method: 'form', at: new Date(Date.now() - 86_400_000).toISOString() },
        })),
      },
    });
    // each imported contact becomes sendable once it follows its double opt-in link
    await confirmContactsByLink(api.url, smtp.all, pool);
    const fans: User[] = [];
    for (let i = 0; i < 8; i++) fans.push(await signUp(api.url, `fa${i}`));
    // an owner may invite 30 people an hour (INVITES_PER_HOUR): the invitations come from several
    const inviters: User[] = [owner];
    for (let i = 0; i < 9; i++) inviters.push(await signUp(api.url, `equipe${i}`));
    const invitesBy = new Map<string, number>();
    let seq = 0;

    const one = async (wanted: Kind) => {
      const n = seq++;
      // a fast machine sends more than the inviters may: past their hourly limit, a reset instead
      const inviter = inviters.find((u) => (invitesBy.get(u.id) ?? 0) < 25);
      const kind = wanted === 'invite' && !inviter ? 'reset' : wanted;
      const s: Sent = { kind, to: [], start: performance.now(), end: 0 };
      sent.push(s);
      try {
        if (kind === 'reset') {
          const fan = fans[n % fans.length]!;
          s.to = [fan.email];
          const res = await call(api.url, 'POST', '/reset-password', {
            json: { email: fan.email },
          });
          s.status = res.status;
        } else if (kind === 'invite') {
          if (!inviter) throw new Error('unreachable: no inviter left');
          invitesBy.set(inviter.id, (invitesBy.get(inviter.id) ?? 0) + 1);
          s.to = [`convite_${run}_${n}@faults.test`];
          const res = await call(api.url, 'POST', `/workspaces/${inviter.workspaceId}/invite`, {
            token: inviter.token,
            json: { email: s.to[0] },
          });
          s.status = res.status;
          if (res.body.email_sent !== true) s.error = `email_sent ${String(res.body.email_sent)}`;
        } else {
          s.subject = `Campanha ${run} ${n}`;
          s.to = [0, 1, 2].map((k) => pool[(n * 3 + k) % pool.length]!);
          const res = await call(api.url, 'POST', `/apps/email-marketing/${ws}/send-email`, {
            ...auth,
            json: { subject: s.subject, contacts: s.to, template: '<p>Olá, {{ nome }}!</p>' },
          });
          s.status = res.status;
        }
      } catch (err) {
        s.status = err instanceof HttpError ? err.status : undefined;
        s.error = (err as Error).message.slice(0, 200);
      } finally {
        s.end = performance.now();
      }
    };
    const kinds: Kind[] = ['reset', 'invite', 'campaign', 'reset', 'invite'];
    let stop = false;
    const worker = async (w: number) => {
      for (let i = w; !stop; i++) {
        await one(kinds[i % kinds.length]!);
        await sleep(100);
      }
    };
    const load = Promise.all([0, 1, 2].map(worker));
    await sleep(sized(4_000, 2_000));
    await smtp.stop();
    const downAt = performance.now();
    await sleep(OUTAGE_MS);
    await smtp.start();
    const upAt = performance.now();
    notes.push(`SMTP down ${Math.round((upAt - downAt) / 1000)} s`);
    await sleep(sized(4_000, 2_000));
    stop = true;
    await load;

    const during = sent.filter((s) => s.start >= downAt && s.start < upAt);
    const bad = sent.filter((s) => !s.status || s.status >= 500);
    if (bad.length)
      failures.push(`${bad.length} requests failed (5xx or network): ${bad[0]!.error ?? ''}`);
    const refused = sent.filter((s) => s.status && s.status >= 400 && s.status < 500);
    if (refused.length) failures.push(`${refused.length} refused: ${refused[0]!.error ?? ''}`);
    const withError = sent.filter((s) => s.status && s.status < 300 && s.error);
    if (withError.length) failures.push(`${withError.length} answered ${withError[0]!.error}`);
    if (during.length === 0) failures.push('no request during the outage');
    const acked = sent.filter((s) => s.status && s.status < 300);

    // every acknowledged message: resets by recipient (one per request), the rest by address
    const expected = new Map<string, number>();
    const keyOf = (to: string, subject: string) => `${to}\u0000${subject}`;
    for (const s of acked)
      for (const to of s.to) {
        const subject =
          s.kind === 'reset'
            ? 'Redefinição de senha do Fã Clube'
            : s.kind === 'invite'
              ? 'invite'
              : s.subject!;
        expected.set(keyOf(to, subject), (expected.get(keyOf(to, subject)) ?? 0) + 1);
      }
    const received = () => {
      const got = new Map<string, number>();
      for (const m of smtp.all()) {
        const subject = m.subject.startsWith('Convite para a equipe') ? 'invite' : m.subject;
        for (const to of m.to) got.set(keyOf(to, subject), (got.get(keyOf(to, subject)) ?? 0) + 1);
      }
      return got;
    };
    const missing = () =>
      [...expected].reduce((n, [k, want]) => n + Math.max(0, want - (received().get(k) ?? 0)), 0);
    const deadline = performance.now() + DELIVERY_DEADLINE_MS;
    while (performance.now() < deadline) {
      if (missing() === 0) break;
      await sleep(1_000);
    }
    const deliveredAt = performance.now();
    // anything sent twice would arrive within a few more sweeps
    await sleep(sized(12_000, 6_000));

    const got = received();
    let lost = 0;
    let duplicates = 0;
    for (const [k, want] of expected) {
      const n = got.get(k) ?? 0;
      if (n < want) lost += want - n;
      if (n > want) duplicates += n - want;
    }
    // nothing arrived that no request asked for, and no Message-ID or reset token twice
    const relevant = smtp
      .all()
      .filter(
        (m) =>
          m.subject !== CONFIRMATION_SUBJECT && !m.subject.startsWith(CONTACT_CONFIRMATION_SUBJECT),
      );
    const unexpected = relevant.filter(
      (m) =>
        !m.to.some((to) =>
          expected.has(
            keyOf(to, m.subject.startsWith('Convite para a equipe') ? 'invite' : m.subject),
          ),
        ),
    );
    if (unexpected.length) failures.push(`${unexpected.length} unexpected messages`);
    const ids = relevant.map((m) => m.headers['message-id']).filter(Boolean);
    if (new Set(ids).size !== ids.length)
      failures.push(`${ids.length - new Set(ids).size} Message-IDs arrived twice`);
    const tokens = relevant
      .map((m) => /reset-password\?token=([\w-]+)/.exec(m.text)?.[1])
      .filter(Boolean);
    if (new Set(tokens).size !== tokens.length) failures.push('a reset token arrived twice');
    const confirmations = smtp.all().filter((m) => m.subject === CONFIRMATION_SUBJECT);
    const users = 1 + fans.length + inviters.length - 1;
    if (confirmations.length !== users)
      failures.push(`${confirmations.length} sign-up confirmations for ${users} users`);
    const missingKeys = [...expected].filter(([k, want]) => (got.get(k) ?? 0) < want);
    if (missingKeys.length)
      notes.push(
        `missing: ${missingKeys
          .slice(0, 5)
          .map(([k]) => k.replace('\u0000', ' / '))
          .join(', ')}`,
      );

    // the outbox: every row sent, no text kept
    const database = await openDatabase({ url: databaseUrl, poolSize: 1 });
    try {
      const { rows } = await database.executeSql(
        `select status, count(*)::int as n, count(payload)::int as with_payload,
                max(attempts)::int as max_attempts
           from mail_outbox group by status`,
        [],
      );
      const byStatus = rows as {
        status: string;
        n: number;
        with_payload: number;
        max_attempts: number;
      }[];
      const other = byStatus.filter((r) => r.status !== 'sent');
      if (other.length)
        failures.push(`outbox rows not sent: ${other.map((r) => `${r.status} ${r.n}`).join(', ')}`);
      const sentRow = byStatus.find((r) => r.status === 'sent');
      const { rows: campaign } = await database.executeSql(
        `select status, count(*)::int as n, max(attempts)::int as a from email_messages group by status`,
        [],
      );
      notes.push(
        `campaign messages: ${(campaign as { status: string; n: number; a: number }[])
          .map((r) => `${r.n} ${r.status} (≤ ${r.a} attempts)`)
          .join(', ')}`,
      );
      if (sentRow?.with_payload) failures.push(`${sentRow.with_payload} sent rows keep their text`);
      notes.push(
        `outbox: ${sentRow?.n ?? 0} sent, up to ${sentRow?.max_attempts ?? 0} attempts; ` +
          `${acked.length} acknowledged requests (${during.length} during the outage), ` +
          `${expected.size} messages expected, all in ${Math.round((deliveredAt - upAt) / 1000)} s after SMTP came back; WEB_CONCURRENCY=2`,
      );
    } finally {
      await database.close();
    }

    const exit = await stopApi(api);
    if (exit.code !== 0) failures.push(`server exit ${exit.code ?? exit.signal}`);
    const f: Figures = {
      requests: sent.length,
      acknowledged: acked.length,
      failed: bad.length + refused.length,
      timedOut: sent.filter((s) => s.error && /timeout|aborted/i.test(s.error)).length,
      lost,
      duplicates,
      partial: 0,
      held: 0,
      firstSuccessMs: Math.round(deliveredAt - upAt),
      notes,
    };
    if (lost) failures.push(`${lost} acknowledged messages never delivered`);
    if (duplicates) failures.push(`${duplicates} messages delivered twice`);
    if (acked.length === 0) failures.push('no request acknowledged');
    return {
      scenario: 'SMTP down under resets, invitations and campaigns (PostgreSQL, 2 processes)',
      proves:
        'With the SMTP server down, password resets, invitations and campaign sends still answer 2xx; ' +
        'the messages wait in the mail outbox (and the campaign queue) and, once SMTP is back, every ' +
        'acknowledged message is delivered exactly once (counted per recipient, Message-ID and reset token); ' +
        'sent outbox rows keep no text. "first success" = from SMTP back to the last expected message.',
      ...f,
      passed: failures.length === 0,
      failures,
    };
  } finally {
    await stopApi(api);
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Waits for the address's 'Confirme seu e-mail' in the sink and follows its link. */
async function confirmByLink(base: string, all: () => ReceivedMail[], email: string) {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const mail = all().find((m) => m.subject === CONFIRMATION_SUBJECT && m.to.includes(email));
    const link = mail && /\/confirm-email\?token=([\w.%-]+)/.exec(mail.text);
    if (link) {
      const res = await call(base, 'PUT', '/confirm-email', {
        json: { token: decodeURIComponent(link[1]!) },
      });
      if (res.status !== 200) throw new Error(`confirmation of ${email}: ${res.status}`);
      return;
    }
    if (performance.now() > deadline) throw new Error(`no confirmation link for ${email}`);
    await sleep(100);
  }
}

/**
 * Follows the double opt-in link each imported contact received (POST, as its page does). The
 * outbox sends them in its own order and pace: wait for them all, up to two minutes.
 */
async function confirmContactsByLink(base: string, all: () => ReceivedMail[], emails: string[]) {
  const deadline = performance.now() + 120_000;
  const left = new Set(emails);
  while (left.size > 0) {
    for (const mail of all()) {
      if (!mail.subject.startsWith(CONTACT_CONFIRMATION_SUBJECT)) continue;
      const email = mail.to.find((to) => left.has(to));
      const link = email && /\/contacts\/confirm\?token=([\w.%-]+)/.exec(mail.text);
      if (!email || !link) continue;
      const res = await call(base, 'POST', `/email-contacts/confirm?token=${link[1]}`, {});
      if (res.status !== 200) throw new Error(`contact confirmation of ${email}: ${res.status}`);
      left.delete(email);
    }
    if (left.size === 0) break;
    if (performance.now() > deadline)
      throw new Error(`no contact confirmation link for ${left.size} of ${emails.length} contacts`);
    await sleep(200);
  }
}

const randomTag = () => Math.random().toString(36).slice(2, 8);
