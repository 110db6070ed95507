import { useEffect, useState } from 'react';
import type { Dispatch, SetStateAction } from 'react';

/**
 * What was typed and not sent yet, by box ('chat:<id>', 'post:<workspace>'), for the tab's life:
 * a box that unmounts (leaving the conversation, a page's error screen, its 'Tentar de novo')
 * shows the text again when it comes back. A box forgets its draft once the text is sent (the
 * box empties); sign-out forgets them all (app/providers.tsx).
 */
const store = new Map<string, string>();

export const drafts = {
  get: (key: string): string => store.get(key) ?? '',
  set(key: string, text: string) {
    if (text) store.set(key, text);
    else store.delete(key);
  },
  clear: () => store.clear(),
};

/** Keeps `text` as the draft of `key` while it changes (empty: none). */
export function useKeepDraft(key: string, text: string) {
  useEffect(() => drafts.set(key, text), [key, text]);
}

/** A text state that starts from the draft of `key` and is kept as it. */
export function useDraft(key: string): [string, Dispatch<SetStateAction<string>>] {
  const [text, setText] = useState(() => drafts.get(key));
  useKeepDraft(key, text);
  return [text, setText];
}
