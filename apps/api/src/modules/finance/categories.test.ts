import { CATEGORIES_MAX } from '@fa-clube/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeCategories, financeTransactions } from '../../db/schema/finance';
import { createTestContext } from '../../../test/support/context';
import type { TestContext } from '../../../test/support/context';
import {
  createAccount,
  createCategory,
  createTransactions,
  financeCall,
  getJson,
} from '../../../test/support/finance';
import { createUser } from '../../../test/support/fixtures';
import type { TestUser } from '../../../test/support/fixtures';
import { createTeam } from '../../../test/support/workspaces';

let t: TestContext;
let owner: TestUser;
let member: TestUser;
let ws: string;

beforeAll(async () => {
  t = await createTestContext();
  ({ owner, member } = await createTeam(t));
  ws = owner.workspaceId;
});
afterAll(async () => {
  await t.close();
});

const stored = () =>
  t.ctx.db.select().from(financeCategories).where(eq(financeCategories.workspaceId, ws));

describe('categories', () => {
  it('creates with defaults and lists them by label', async () => {
    const zebra = await createCategory(t, owner, { label: 'Zebra' });
    expect(zebra).toEqual({
      id: expect.any(String),
      label: 'Zebra',
      color: '#64748B',
      category_type: 'expense',
      description: null,
      match: [],
    });
    await createCategory(t, owner, {
      label: 'aluguel',
      color: '#a1b2c3',
      category_type: 'expense',
      description: 'Casa',
      match: ['Aluguel', ' imobiliária ', 'aluguel!'],
    });
    const list = await getJson(t, member, `/categories/${ws}`);
    expect(list.categories.map((c: { label: string }) => c.label)).toEqual(['aluguel', 'Zebra']);
    // rules kept once per meaning, in the order given
    expect(list.categories[0]).toMatchObject({
      color: '#A1B2C3',
      match: ['Aluguel', 'imobiliária'],
    });
  });

  it('keeps labels unique per workspace whatever the case (409), elsewhere free', async () => {
    await createCategory(t, owner, { label: 'Mercado' });
    for (const label of ['mercado', 'MERCADO', ' Mercado ']) {
      const res = await financeCall(t, owner)('POST', `/categories/${ws}`, { label });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'CATEGORY_LABEL_TAKEN',
        message: 'Já existe uma categoria com este nome.',
      });
    }
    const { owner: other } = await createTeam(t);
    expect((await createCategory(t, other, { label: 'Mercado' })).label).toBe('Mercado');
    const renamed = await createCategory(t, owner, { label: 'Feira' });
    const clash = await financeCall(t, owner)('PUT', `/categories/${ws}/${renamed.id}`, {
      label: 'MERCADO',
    });
    expect(clash.statusCode).toBe(409);
    expect((await stored()).filter((c) => c.label.toLowerCase() === 'mercado')).toHaveLength(1);
  });

  it('refuses bad input with a pt-BR message', async () => {
    const before = (await stored()).length;
    const cases: [unknown, RegExp][] = [
      [{ label: '' }, /nome da categoria/],
      [{ label: 'x'.repeat(41) }, /no máximo 40/],
      [{ label: 'X', color: 'red' }, /#RRGGBB/],
      [{ label: 'X', category_type: 'loan' }, /Tipo de categoria/],
      [{ label: 'X', match: ['a'] }, /ao menos 2/],
      [{ label: 'X', match: ['12/03'] }, /letras/],
      [{ label: 'X', match: 'uber' }, /lista/],
      [{ label: 'X', match: Array.from({ length: 21 }, (_, i) => `loja ${i}`) }, /No máximo 20/],
      [{ label: 'X', match: ['a'.repeat(61)] }, /no máximo 60/],
    ];
    for (const [body, message] of cases) {
      const res = await financeCall(t, owner)('POST', `/categories/${ws}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await stored()).toHaveLength(before);
  });

  it('changes a category', async () => {
    const c = await createCategory(t, owner, { label: 'Transporte' });
    const res = await financeCall(t, owner)('PUT', `/categories/${ws}/${c.id}`, {
      color: '#000000',
      category_type: 'transfer',
      match: ['uber', '99 pop'],
    });
    expect(res.json()).toMatchObject({
      label: 'Transporte',
      color: '#000000',
      category_type: 'transfer',
      match: ['uber', '99 pop'],
    });
    const missing = await financeCall(t, owner)(
      'PUT',
      `/categories/${ws}/00000000-0000-4000-8000-000000000000`,
      { label: 'x' },
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('CATEGORY_NOT_FOUND');
  });

  it('deleting a category leaves its transactions uncategorized', async () => {
    const account = await createAccount(t, owner);
    const c = await createCategory(t, owner, { label: 'Lazer' });
    const rows = await createTransactions(t, owner, [
      { account_id: account.id, amount: -30, label: 'Cinema', category: c.id },
      { account_id: account.id, amount: -40, label: 'Show', category: c.id },
    ]);
    const before = await getJson(t, owner, `/categories/${ws}/expenses`);
    expect(before.categories).toContainEqual(
      expect.objectContaining({ category: c.id, total: -70, count: 2 }),
    );
    const res = await financeCall(t, owner)('DELETE', `/categories/${ws}/${c.id}`);
    expect(res.statusCode).toBe(200);
    const left = await t.ctx.db
      .select()
      .from(financeTransactions)
      .where(eq(financeTransactions.workspaceId, ws));
    expect(left.filter((r) => rows.some((x) => x.id === r.id)).map((r) => r.categoryId)).toEqual([
      null,
      null,
    ]);
    const after = await getJson(t, owner, `/categories/${ws}/expenses`);
    expect(after.categories).toEqual([
      {
        category: null,
        label: 'Sem categoria',
        color: null,
        total: -70,
        count: 2,
        share: 1,
      },
    ]);
    expect((await financeCall(t, owner)('DELETE', `/categories/${ws}/${c.id}`)).statusCode).toBe(
      404,
    );
  });

  it(`refuses more than ${CATEGORIES_MAX} categories per workspace (409), even asked at once`, async () => {
    const user = await createUser(t);
    const mine = user.workspaceId;
    const count = async () =>
      (
        await t.ctx.db
          .select()
          .from(financeCategories)
          .where(eq(financeCategories.workspaceId, mine))
      ).length;
    for (let i = 0; i < CATEGORIES_MAX - 3; i++)
      await createCategory(t, user, { label: `Categoria ${i}`, match: [`loja ${i}`] });
    // the last free places asked by six requests at once: exactly three get one
    const race = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        financeCall(t, user)('POST', `/categories/${mine}`, { label: `Corrida ${i}` }),
      ),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    const refused = race.find((r) => r.statusCode === 409)!.json();
    expect(refused.code).toBe('CATEGORY_LIMIT_REACHED');
    expect(refused.message).toContain(`${CATEGORIES_MAX} categorias`);
    expect(await count()).toBe(CATEGORIES_MAX);
    // deleting one makes room again
    const some = (await getJson(t, user, `/categories/${mine}`)).categories[0];
    expect(
      (await financeCall(t, user)('DELETE', `/categories/${mine}/${some.id}`)).statusCode,
    ).toBe(200);
    await createCategory(t, user, { label: 'De novo' });
    expect(await count()).toBe(CATEGORIES_MAX);
  });
});
