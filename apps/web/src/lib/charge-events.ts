/**
 * `charge.paid` from the live event stream (one per tab, opened by the chat's ChatLive): one of
 * the signed-in user's charges was paid. The one-off Pix dialog listens here and closes at once,
 * without waiting for its next poll.
 */
export interface ChargePaid {
  charge_id: string;
  kind: string;
  item_id: string | null;
}

const listeners = new Set<(paid: ChargePaid) => void>();

/** Calls `listener` for each charge paid; answers the function that stops it. */
export function onChargePaid(listener: (paid: ChargePaid) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stream's `charge.paid` event, checked, to every listener. */
export function emitChargePaid(data: unknown) {
  const paid = data as Partial<ChargePaid> | null;
  if (!paid || typeof paid.charge_id !== 'string') return;
  for (const listener of listeners) listener(paid as ChargePaid);
}
