import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import { bearer, createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { createPost } from '../../../test/support/content';
import { workspaces } from '../../db/schema';
import { creatorSearchTerms } from './profiles.queries';

// GET /profiles/search (issue 34, decision 094): creators by name or @username.

let t: TestContext;
let fan: TestUser;
let ana: TestUser;
let anaBeta: TestUser;
let joao: TestUser;
let notCreator: TestUser;
let gone: TestUser;

const choose = async (user: TestUser) => {
  const res = await t.inject({
    method: 'POST',
    url: `/api/v1/workspaces/${user.workspaceId}/creator`,
    headers: bearer(user.accessToken),
  });
  expect(res.statusCode).toBe(200);
};

beforeAll(async () => {
  t = await createTestContext();
  fan = await createUser(t, { full_name: 'Fábio Fã', username: 'fabio.fa' });
  ana = await createUser(t, { full_name: 'Ana Clara Souza', username: 'anaclara' });
  // the workspace's name may hold what a person's may not (yet): an apostrophe, a hyphen
  const renamed = await t.inject({
    method: 'PUT',
    url: `/api/v1/workspaces/${ana.workspaceId}`,
    headers: bearer(ana.accessToken),
    payload: { label: "Ana Clara D'Ávila-Souza" },
  });
  expect(renamed.statusCode, renamed.body).toBe(200);
  anaBeta = await createUser(t, { full_name: 'Beatriz Lima', username: 'anaclara_beta' });
  joao = await createUser(t, { full_name: 'João Pedro Araújo', username: 'jp.araujo' });
  // a sign-up that never chose to be a creator, with a matching name
  notCreator = await createUser(t, { full_name: 'Ana Clara Fã', username: 'anaclara.fa' });
  gone = await createUser(t, { full_name: 'Ana Clara Antiga', username: 'anaclara.antiga' });
  for (const u of [ana, anaBeta, joao, gone]) await choose(u);
  await createPost(t, anaBeta, { text: 'Primeira publicação' });
  // a creator's workspace deleted (soft): no longer searchable
  await t.ctx.db
    .update(workspaces)
    .set({ deletedAt: new Date() })
    .where(eq(workspaces.id, gone.workspaceId));
  // six sign-ups (argon2) on a loaded machine
}, 180_000);
afterAll(async () => {
  await t.close();
});

const search = (q: string, user: TestUser | null = fan) =>
  t.inject({
    method: 'GET',
    url: `/api/v1/profiles/search?q=${encodeURIComponent(q)}`,
    headers: user ? bearer(user.accessToken) : {},
  });
const usernames = async (q: string) => {
  const res = await search(q);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().profiles as { username: string }[]).map((p) => p.username);
};

describe('GET /profiles/search', () => {
  it('finds creators by the start of their @username, the exact one first', async () => {
    expect(await usernames('@anaclara')).toEqual(['anaclara', 'anaclara_beta']);
    expect(await usernames('ANACLARA_')).toEqual(['anaclara_beta']);
    expect(await usernames('jp.')).toEqual(['jp.araujo']);
  });

  it('finds creators by the words of their name, without accents, in any order', async () => {
    expect(await usernames('avila')).toEqual(['anaclara']);
    expect(await usernames('joão ara')).toEqual(['jp.araujo']);
    expect(await usernames('Araujo Joao')).toEqual(['jp.araujo']);
    expect(await usernames('souza ana')).toEqual(['anaclara']);
  });

  it('answers what the public profile shows, with the post count', async () => {
    const res = await search('beatriz');
    expect(res.json().profiles).toEqual([
      {
        username: 'anaclara_beta',
        label: 'Beatriz Lima',
        description: '',
        avatar_url: null,
        cover_url: null,
        total_content: 1,
      },
    ]);
  });

  it('never lists a workspace whose owner did not choose to be a creator, nor a deleted one', async () => {
    const found = await usernames('ana clara');
    expect(found).toContain('anaclara');
    expect(found).not.toContain(notCreator.username);
    expect(found).not.toContain(gone.username);
    expect(await usernames('anaclara.')).toEqual([]);
  });

  it('treats LIKE and text-search characters as text', async () => {
    expect(await usernames('x%')).toEqual([]);
    // unescaped, '__%' would match every @username
    expect(await usernames('__')).toEqual([]);
    expect(await usernames('%%')).toEqual([]);
    expect(await usernames("ana & !clara | ':*")).toEqual(['anaclara']);
    expect(await usernames('((()))')).toEqual([]);
  });

  it('refuses a signed-out caller (401)', async () => {
    const res = await search('ana', null);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('refuses a text too short or too long, or missing (400, in pt-BR)', async () => {
    const short = await search(' @a ');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/pelo menos 2 caracteres/);
    const long = await search('a'.repeat(61));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/no máximo 60 caracteres/);
    const missing = await t.inject({
      method: 'GET',
      url: '/api/v1/profiles/search',
      headers: bearer(fan.accessToken),
    });
    expect(missing.statusCode).toBe(400);
  });

  it('builds a prefix query of letters and digits only', () => {
    expect(creatorSearchTerms("D'Ávila-Souza")).toEqual({
      words: 'd:* & avila:* & souza:*',
      handle: null,
    });
    expect(creatorSearchTerms('ana.souza')).toEqual({
      words: 'ana:* & souza:*',
      handle: 'ana.souza',
    });
    expect(creatorSearchTerms('%_')).toEqual({ words: null, handle: null });
  });
});
