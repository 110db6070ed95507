import { CATEGORIES_MAX } from '@fa-clube/contract';
import type {
  CategoriesResponse,
  Category,
  CreateCategoryBody,
  UpdateCategoryBody,
} from '@fa-clube/contract';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { requireWorkspaceRole } from '../../read-models/access';
import type { Actor } from '../../read-models/access';
import { blankToNull } from './accounts.service';
import {
  CATEGORY_LABEL_INDEX,
  countCategoriesLocked,
  deleteCategoryRow,
  findCategory,
  insertCategory,
  listCategories,
  updateCategory,
} from './categories.repo';
import { toCategory } from './dto';
import { normalizeDescription } from './import';

type CreateCategory = z.output<typeof CreateCategoryBody>;
type UpdateCategory = z.output<typeof UpdateCategoryBody>;

const categoryNotFound = () => new AppError('CATEGORY_NOT_FOUND');

/** A label already used in the workspace (any case) answers 409 instead of a database error. */
async function labelMustBeFree<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, CATEGORY_LABEL_INDEX)) throw new AppError('CATEGORY_LABEL_TAKEN');
    throw err;
  }
}

/**
 * The rules as kept: one per meaning ("Padaria" and "padaria!" are one rule,
 * compared the way categorize compares descriptions), in the order given.
 * A word that normalises to nothing (only a date, only digits) is refused.
 */
function normalizeMatch(match: readonly string[]): string[] {
  const seen = new Set<string>();
  return match.filter((word, i) => {
    const key = normalizeDescription(word);
    if (!key)
      throw new AppError(
        'VALIDATION_ERROR',
        `A palavra-chave "${word}" não tem letras que possam ser comparadas.`,
        {
          errors: [
            {
              field: `match.${i}`,
              message: 'Use uma palavra ou expressão com letras, como "padaria".',
            },
          ],
        },
      );
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** GET /categories/{ws}: owner and members, by label. */
export async function getCategories(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
): Promise<CategoriesResponse> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'member');
  return { categories: (await listCategories(ctx.db, workspaceId)).map(toCategory) };
}

/**
 * POST /categories/{ws}: owner; labels are unique per workspace, any case (409);
 * at most CATEGORIES_MAX per workspace (409 CATEGORY_LIMIT_REACHED), which bounds
 * what categorize compares each row with.
 */
export async function createCategory(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  body: CreateCategory,
): Promise<Category> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const match = normalizeMatch(body.match);
  const row = await labelMustBeFree(() =>
    ctx.db.transaction(async (tx) => {
      if ((await countCategoriesLocked(tx, workspaceId)) >= CATEGORIES_MAX)
        throw new AppError('CATEGORY_LIMIT_REACHED');
      return insertCategory(tx, {
        workspaceId,
        label: body.label,
        color: body.color,
        categoryType: body.category_type,
        description: blankToNull(body.description) ?? null,
        match,
      });
    }),
  );
  return toCategory(row);
}

/** PUT /categories/{ws}/{id}: owner. */
export async function changeCategory(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  id: string,
  body: UpdateCategory,
): Promise<Category> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  const match = body.match === undefined ? undefined : normalizeMatch(body.match);
  if (!(await findCategory(ctx.db, workspaceId, id))) throw categoryNotFound();
  const row = await labelMustBeFree(() =>
    updateCategory(ctx.db, id, {
      label: body.label,
      color: body.color,
      categoryType: body.category_type,
      description: blankToNull(body.description),
      match,
    }),
  );
  return toCategory(row);
}

/** DELETE /categories/{ws}/{id}: owner; its transactions become uncategorized. */
export async function removeCategory(
  ctx: AppContext,
  actor: Actor | null,
  workspaceId: string,
  id: string,
): Promise<{ message: string }> {
  await requireWorkspaceRole(ctx.db, actor, workspaceId, 'owner');
  if (!(await deleteCategoryRow(ctx.db, workspaceId, id))) throw categoryNotFound();
  return { message: 'Categoria excluída. Os lançamentos dela ficaram sem categoria.' };
}
