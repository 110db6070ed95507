import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/content';
import { errorMessage } from '@/lib/api-client';
import { fetchScheduled, reschedulePost, scheduledKey } from '../api/content-api';
import { reloadPageData } from '../lib/reload';
import { scheduledAt } from '../lib/schedule';

/** 'Agendados': the workspace's scheduled posts (owner and members). */
export function useScheduledPosts(ws: string | null) {
  return useQuery({
    queryKey: scheduledKey(ws ?? ''),
    queryFn: ({ signal }) => fetchScheduled(ws!, signal),
    enabled: ws !== null,
  });
}

/** PATCH /content/{ws}/{id}: a new time, or null ('Publicar agora'); then the page reloads. */
export function useReschedule(ws: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, publishAt }: { id: string; publishAt: string | null }) =>
      reschedulePost(ws, id, publishAt),
    onSuccess: async (_post, { publishAt }) => {
      toast.success(
        publishAt ? t.content.schedule.moved(scheduledAt(publishAt)) : t.content.schedule.published,
      );
      await reloadPageData(queryClient);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
