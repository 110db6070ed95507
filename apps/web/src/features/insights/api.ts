import { useQuery } from '@tanstack/react-query';
import { apiPath, insightsPaths } from '@fa-clube/contract';
import { api } from '@/lib/api-client';

/** GET /insights/{ws}?months= : the figures ('Visão geral'), for the owner and the team. */
export function useInsights(ws: string | null, months: number) {
  return useQuery({
    queryKey: ['insights', ws ?? '', months],
    queryFn: ({ signal }) =>
      api.get(apiPath(insightsPaths.insights, { ws: ws! }), {
        query: { months },
        schema: 'InsightsResponse',
        signal,
      }),
    enabled: Boolean(ws),
    staleTime: 60_000,
  });
}

/** GET /insights/{ws}/export.csv : the months as the server writes them. */
export const fetchInsightsCsv = (ws: string, months: number) =>
  api.file(`${apiPath(insightsPaths.export, { ws })}?months=${months}`, 'text/csv');
