import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { reloadPageData } from '../lib/reload';

/** A post was just bought: the lists that show it are fetched again (now unlocked). */
export function useUnlocked() {
  const queryClient = useQueryClient();
  return useCallback(() => void reloadPageData(queryClient), [queryClient]);
}
