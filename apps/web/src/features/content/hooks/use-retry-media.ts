import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/content';
import { errorMessage } from '@/lib/api-client';
import { retryContentMedia } from '../api/content-api';
import { reloadPageData } from '../lib/reload';

/** POST /content/{ws}/{id}/retry-media (the owner), then the lists show it processing again. */
export function useRetryMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ws, id }: { ws: string; id: string }) => retryContentMedia(ws, id),
    onSuccess: async () => {
      toast.success(t.content.post.retried);
      await reloadPageData(queryClient);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
