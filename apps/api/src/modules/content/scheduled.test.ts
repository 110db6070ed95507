/**
 * Scheduled posts (issue 35): `publish_at` on POST /content/{ws}; until then the post is the
 * team's alone (feed, profile, 'Agendados', files, likes, purchase) and uncounted; the content
 * job publishes it once its time has come; PATCH moves it or publishes it now.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAttachment, ContentItem } from '@fa-clube/contract';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { createPost, uploadJpeg } from '../../../test/support/content';
import { bearer, createUser, signIn } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { makeActiveSubscriber } from '../../../test/support/subscriptions';
import { addTeamMember } from '../../../test/support/workspaces';
import { contents } from '../../db/schema';
import { workspaceFigures } from '../../db/schema/figures';
import { contentModule } from './content.module';
import { publishScheduledPosts } from './scheduled.jobs';

type Role = 'owner' | 'member' | 'subscriber' | 'stranger' | 'signedOut';
const ROLES: Role[] = ['owner', 'member', 'subscriber', 'stranger', 'signedOut'];
const HOUR = 3600_000;

let t: TestContext;
const users = {} as Record<Exclude<Role, 'signedOut'>, TestUser>;
let ws: string;

const user = (role: Role) => (role === 'signedOut' ? undefined : users[role]);
const ownWs = (role: Role) => user(role)?.workspaceId ?? ws;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, role: Role, payload?: object) => {
  const u = user(role);
  return t.inject({
    method,
    url: `/api/v1${url}`,
    headers: u ? bearer(u.accessToken) : {},
    payload,
  });
};
/** Moves the clock on; the access tokens (short-lived) are renewed. */
async function advance(ms: number) {
  t.clock.advance(ms);
  for (const u of Object.values(users))
    u.accessToken = (await signIn(t, u.email, u.password)).access_token;
}
const inHours = (h: number) => new Date(t.ctx.clock.now().getTime() + h * HOUR).toISOString();
const postCount = async () =>
  (await t.ctx.db.select().from(workspaceFigures).where(eq(workspaceFigures.workspaceId, ws)))[0]
    ?.postCount ?? 0;
const row = async (id: string) =>
  (await t.ctx.db.select().from(contents).where(eq(contents.id, id)))[0]!;
const feedIds = async (role: Role) =>
  ((await call('GET', `/contents/${ownWs(role)}/feed`, role)).json().contents as ContentItem[]).map(
    (c) => c.id,
  );
const profile = (role: Role) =>
  call('GET', `/contents/${ownWs(role)}/profile?username=${users.owner.username}`, role);
const schedule = (text: string, publishAt: string, extra: object = {}) =>
  call('POST', `/content/${ws}`, 'owner', { text, publish_at: publishAt, ...extra });

beforeAll(async () => {
  t = await createTestContext();
  for (const role of ['owner', 'member', 'subscriber', 'stranger'] as const)
    users[role] = await createUser(t);
  ws = users.owner.workspaceId;
  await addTeamMember(t, users.owner, users.member);
  await makeActiveSubscriber(t, users.subscriber, users.owner, 'monthly');
  await createPost(t, users.owner, { text: 'Post publicado antes' });
});
afterAll(async () => {
  await t.close();
});

describe('POST /content/{ws} with publish_at', () => {
  it('refuses a time in the past, beyond a year or badly written, changing nothing', async () => {
    const before = (await t.ctx.db.select().from(contents)).length;
    const cases: [string, unknown][] = [
      ['passado', inHours(-1)],
      ['agora', t.ctx.clock.now().toISOString()],
      ['mais de um ano', inHours(366 * 24)],
      ['sem fuso', '2027-01-10T10:00:00'],
      ['texto', 'amanhã às 10h'],
      ['número', 1234],
    ];
    for (const [what, value] of cases) {
      const res = await schedule(`Agendado ${what}`, value as string);
      expect(res.statusCode, what).toBe(400);
      const body = res.json();
      expect(['PUBLISH_AT_INVALID', 'VALIDATION_ERROR'], what).toContain(body.code);
      expect(JSON.stringify(body.errors ?? body), what).toContain('publish_at');
      expect(body.message, what).toMatch(/[ãáéíóúç]|data|hora/i);
    }
    expect((await t.ctx.db.select().from(contents)).length).toBe(before);
  });

  it('only the owner schedules', async () => {
    const expected: Record<Role, number> = {
      owner: 201,
      member: 403,
      subscriber: 404,
      stranger: 404,
      signedOut: 401,
    };
    for (const role of ROLES) {
      const res = await call('POST', `/content/${ws}`, role, {
        text: `Agendamento de ${role}`,
        publish_at: inHours(2),
      });
      expect(res.statusCode, role).toBe(expected[role]);
    }
  });
});

describe('a scheduled post before its time', () => {
  let post: ContentItem;
  let filePath: string;
  let priced: ContentItem;
  let at: string;

  beforeAll(async () => {
    const image = await uploadJpeg(t, users.owner);
    at = inHours(3);
    const res = await schedule('SEGREDO-AGENDADO', at, {
      attachments: [{ file_path: image }],
    });
    expect(res.statusCode).toBe(201);
    post = res.json();
    filePath = (post.attachments[0] as ContentAttachment).file_path;
    priced = (
      await schedule('Agendado à venda', inHours(3), {
        attachments: [{ file_path: await uploadJpeg(t, users.owner) }],
        price: 10,
      })
    ).json();
  });

  it('answers scheduled and publish_at to the owner', () => {
    expect(post).toMatchObject({ scheduled: true, publish_at: at });
  });

  it('is in nobody’s feed or profile list, and the team has it in Agendados', async () => {
    for (const role of ['owner', 'member', 'subscriber'] as const) {
      expect(await feedIds(role), role).not.toContain(post.id);
      const res = await profile(role);
      expect(res.statusCode, role).toBe(200);
      expect(res.body, role).not.toContain('SEGREDO-AGENDADO');
    }
    for (const role of ['owner', 'member'] as const) {
      const res = await call('GET', `/contents/${ws}/scheduled`, role);
      expect(res.statusCode, role).toBe(200);
      const items = res.json().contents as ContentItem[];
      expect(items.map((c) => c.id)).toContain(post.id);
      expect(items.every((c) => c.scheduled === true)).toBe(true);
    }
  });

  it('Agendados is refused to the subscriber, a stranger and the signed-out', async () => {
    for (const role of ['subscriber', 'stranger', 'signedOut'] as const) {
      const res = await call('GET', `/contents/${ws}/scheduled`, role);
      expect(res.statusCode, role).toBe(role === 'signedOut' ? 401 : 404);
      expect(res.body, role).not.toContain('SEGREDO-AGENDADO');
    }
  });

  it('is not counted in total_content', async () => {
    // one published post (beforeAll) and the owner's published test posts: none scheduled
    const published = (await t.ctx.db.select().from(contents)).filter(
      (c) => c.workspaceId === ws && c.publishAt === null,
    ).length;
    expect(await postCount()).toBe(published);
    const res = await call('GET', `/profile?username=${users.owner.username}`, 'signedOut');
    expect(res.json().total_content).toBe(published);
  });

  it('its files, like and purchase are refused to all but the team', async () => {
    for (const role of ROLES) {
      const res = await call(
        'GET',
        `/contents/objects?username=${users.owner.username}&file_path=${encodeURIComponent(filePath)}`,
        role,
      );
      expect(res.statusCode, role).toBe(role === 'owner' || role === 'member' ? 200 : 404);
    }
    const like = await call(
      'POST',
      `/content/${ownWs('subscriber')}/${post.id}/like`,
      'subscriber',
    );
    expect(like.statusCode).toBe(404);
    const buy = await call(
      'POST',
      `/content/${ownWs('subscriber')}/${priced.id}/purchase`,
      'subscriber',
    );
    expect(buy.statusCode).toBe(404);
    expect((await call('POST', `/content/${ws}/${post.id}/like`, 'member')).statusCode).toBe(200);
  });
});

describe('the figures', () => {
  it('deleting a scheduled post leaves the count and the latest post as they were', async () => {
    const [before] = await t.ctx.db
      .select()
      .from(workspaceFigures)
      .where(eq(workspaceFigures.workspaceId, ws));
    const post: ContentItem = (await schedule('Agendado e apagado', inHours(10))).json();
    const res = await t.inject({
      method: 'DELETE',
      url: `/api/v1/content/${ws}/${post.id}`,
      headers: bearer(users.owner.accessToken),
    });
    expect(res.statusCode).toBe(200);
    const [after] = await t.ctx.db
      .select()
      .from(workspaceFigures)
      .where(eq(workspaceFigures.workspaceId, ws));
    expect(after!.postCount).toBe(before!.postCount);
    expect(after!.latestPostAt).toEqual(before!.latestPostAt);
  });
});

describe('the publishing job', () => {
  it('is declared by the content module, every minute', () => {
    const job = contentModule.jobs!.find((j) => j.name === 'publicações agendadas');
    expect(job!.intervalMs(t.ctx)).toBe(60_000);
  });

  it('publishes a post once its time has come, once, and counts it', async () => {
    const at = inHours(1);
    const post: ContentItem = (await schedule('Agendado para daqui a uma hora', at)).json();
    const counted = await postCount();
    expect(await publishScheduledPosts(t.ctx)).toBe(0);
    expect((await row(post.id)).publishAt).not.toBeNull();
    expect(await feedIds('subscriber')).not.toContain(post.id);

    await advance(HOUR);
    const published = await publishScheduledPosts(t.ctx);
    expect(published).toBeGreaterThanOrEqual(1);
    expect(await publishScheduledPosts(t.ctx)).toBe(0);
    const r = await row(post.id);
    expect(r.publishAt).toBeNull();
    expect(r.createdAt.toISOString()).toBe(at);
    expect(await postCount()).toBe(counted + published);
    expect(await feedIds('subscriber')).toContain(post.id);
    expect(await feedIds('owner')).toContain(post.id);
    const list = (await call('GET', `/contents/${ws}/scheduled`, 'owner')).json()
      .contents as ContentItem[];
    expect(list.map((c) => c.id)).not.toContain(post.id);
  });

  it('two runs at once publish each post once', async () => {
    const post: ContentItem = (await schedule('Corrida de dois processos', inHours(1))).json();
    const counted = await postCount();
    await advance(HOUR);
    const now = t.ctx.clock.now().getTime();
    const due = (await t.ctx.db.select().from(contents)).filter(
      (c) => c.publishAt && c.publishAt.getTime() <= now,
    ).length;
    expect(due).toBeGreaterThanOrEqual(1);
    const [a, b] = await Promise.all([publishScheduledPosts(t.ctx), publishScheduledPosts(t.ctx)]);
    // each due post published by one of the two runs, never by both
    expect(a + b).toBe(due);
    expect((await row(post.id)).publishAt).toBeNull();
    expect(await postCount()).toBe(counted + due);
  });
});

describe('PATCH /content/{ws}/{id}', () => {
  it('moves a scheduled post (owner and member), validated', async () => {
    const post: ContentItem = (await schedule('Para mover', inHours(5))).json();
    const to = inHours(48);
    const moved = await call('PATCH', `/content/${ws}/${post.id}`, 'member', { publish_at: to });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ scheduled: true, publish_at: to });
    for (const bad of [inHours(-2), inHours(400 * 24), 'ontem']) {
      const res = await call('PATCH', `/content/${ws}/${post.id}`, 'owner', { publish_at: bad });
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await row(post.id)).publishAt!.toISOString()).toBe(to);
    await advance(5 * HOUR);
    await publishScheduledPosts(t.ctx);
    expect((await row(post.id)).publishAt).not.toBeNull();
  });

  it('null publishes now, counted; then 409 for a published post', async () => {
    const post: ContentItem = (await schedule('Publicar agora', inHours(24))).json();
    const counted = await postCount();
    const before = t.ctx.clock.now().getTime();
    const res = await call('PATCH', `/content/${ws}/${post.id}`, 'owner', { publish_at: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().scheduled).toBeUndefined();
    // dated now: the moment of the PATCH, not the time it was scheduled for
    const created = Date.parse(res.json().created_at);
    expect(created).toBeGreaterThanOrEqual(before);
    expect(created).toBeLessThan(Date.parse(inHours(1)));
    expect(await postCount()).toBe(counted + 1);
    expect(await feedIds('subscriber')).toContain(post.id);
    const again = await call('PATCH', `/content/${ws}/${post.id}`, 'owner', {
      publish_at: inHours(2),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONTENT_ALREADY_PUBLISHED');
  });

  it('is refused to the subscriber, a stranger and the signed-out, changing nothing', async () => {
    const at = inHours(6);
    const post: ContentItem = (await schedule('Não mexa', at)).json();
    for (const role of ['subscriber', 'stranger', 'signedOut'] as const) {
      for (const wsOf of [ws, ownWs(role)]) {
        const res = await call('PATCH', `/content/${wsOf}/${post.id}`, role, { publish_at: null });
        expect(res.statusCode, role).toBe(role === 'signedOut' ? 401 : 404);
      }
    }
    expect((await row(post.id)).publishAt!.toISOString()).toBe(at);
  });
});
