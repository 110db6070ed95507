/** A select's options for the finance choices: the categories by type and the statuses. */
import {
  CATEGORY_TYPES,
  TRANSACTION_STATUSES,
  TRANSACTION_STATUS_LABELS,
} from '@fa-clube/contract';
import type { Category } from '@fa-clube/contract';
import { t } from '../strings';

/** A select's `<option>`s for the categories, grouped by type (Receitas, Despesas, Transferências). */
export function CategoryOptions({ categories }: { categories: readonly Category[] }) {
  return CATEGORY_TYPES.map((type) => {
    const group = categories.filter((c) => c.category_type === type);
    return group.length > 0 ? (
      <optgroup key={type} label={t.categories.groups[type]}>
        {group.map((category) => (
          <option key={category.id} value={category.id}>
            {category.label}
          </option>
        ))}
      </optgroup>
    ) : null;
  });
}

/** A select's `<option>`s for the transaction statuses (Pendente, Pago, Conciliado, Cancelado). */
export function StatusOptions() {
  return TRANSACTION_STATUSES.map((status) => (
    <option key={status} value={status}>
      {TRANSACTION_STATUS_LABELS[status]}
    </option>
  ));
}
