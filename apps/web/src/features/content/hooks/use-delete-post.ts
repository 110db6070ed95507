import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { deleteContent } from '../api/content-api';
import { reloadPageData } from '../lib/reload';

/** DELETE /content/{ws}/{id} on the post's own workspace, then the page reloads its data. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ws, id }: { ws: string; id: string }) => deleteContent(ws, id),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await reloadPageData(queryClient);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
