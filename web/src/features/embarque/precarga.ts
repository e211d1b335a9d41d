import type { QueryClient } from '@tanstack/react-query';
import { estadisticasEmbarqueQuery } from '@/api/embarque';

/** What the validator reads as it shows itself (routes/ValidadorPage.tsx: today's figures), fetched ahead. */
export function precargarValidador(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(estadisticasEmbarqueQuery);
}
