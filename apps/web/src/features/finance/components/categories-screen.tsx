import { CATEGORY_TYPES } from '@fa-clube/contract';
import type { Category } from '@fa-clube/contract';
import { Plus, Tags } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { SectionHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { deleteCategory } from '../api/finance-api';
import { useCategories, useFinanceMutation, useFinanceWorkspace } from '../hooks/use-finance';
import { t } from '../strings';
import { CategoryDot } from './category-dot';
import { ItemActions } from './item-actions';

// the dialogs (Radix Dialog, the form and its schema) load when one opens, not with the page
const CategoryDialog = lazy(() =>
  import('./category-dialog').then((m) => ({ default: m.CategoryDialog })),
);

/** /finance/categories: the categories by type (Receitas, Despesas, Transferências). */
export function CategoriesScreen() {
  const { ws, isOwner } = useFinanceWorkspace();
  const categories = useCategories(ws);
  const remove = useFinanceMutation(ws, (ws, id: string) => deleteCategory(ws, id));
  const [dialog, setDialog] = useState<{ category: Category | null } | null>(null);
  const addButton = isOwner ? (
    <Button onClick={() => setDialog({ category: null })}>
      <Plus aria-hidden />
      {t.categories.add}
    </Button>
  ) : null;

  return (
    <section aria-labelledby="categories-title">
      <SectionHeader
        title={<span id="categories-title">{t.categories.title}</span>}
        description={t.categories.description}
        actions={addButton}
      />
      {categories.isPending ? (
        <Skeleton className="h-64 rounded-xl" />
      ) : categories.isError ? (
        <LoadError message={t.finance.loadError} onRetry={() => void categories.refetch()} />
      ) : categories.data.length === 0 ? (
        <EmptyState
          icon={Tags}
          title={t.categories.emptyTitle}
          description={t.categories.emptyText}
          action={addButton}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-3">
          {CATEGORY_TYPES.map((type) => {
            const group = categories.data.filter((c) => c.category_type === type);
            if (group.length === 0) return null;
            return (
              <div key={type} className="grid content-start gap-2">
                <h3 className="text-sm font-semibold text-muted-foreground">
                  {t.categories.groups[type]}
                </h3>
                <ul
                  aria-label={t.categories.groups[type]}
                  className="divide-y overflow-hidden rounded-xl border bg-card shadow-xs"
                >
                  {group.map((category) => (
                    <li
                      key={category.id}
                      aria-label={category.label}
                      className="flex items-center gap-3 px-4 py-3"
                    >
                      <CategoryDot color={category.color} />
                      <div className="grid min-w-0 flex-1 gap-0.5">
                        <span className="truncate text-sm font-medium">{category.label}</span>
                        {category.description ? (
                          <span className="truncate text-[13px] text-muted-foreground">
                            {category.description}
                          </span>
                        ) : null}
                        {category.match.length > 0 ? (
                          <span className="truncate text-[12px] text-muted-foreground">
                            {t.categories.keywordsOf(category.match.join(', '))}
                          </span>
                        ) : null}
                      </div>
                      {isOwner ? (
                        <ItemActions
                          label={t.categories.edit(category.label)}
                          onEdit={() => setDialog({ category })}
                          remove={{
                            title: t.categories.removeTitle,
                            description: t.categories.removeText(category.label),
                            confirmLabel: t.categories.removeConfirm,
                            run: () => remove.mutateAsync(category.id),
                            done: t.categories.removed,
                          }}
                        />
                      ) : null}
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </div>
      )}
      {dialog && ws ? (
        <Suspense fallback={null}>
          <CategoryDialog
            key={dialog.category?.id ?? 'new'}
            ws={ws}
            category={dialog.category}
            taken={categories.data?.length ?? 0}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
