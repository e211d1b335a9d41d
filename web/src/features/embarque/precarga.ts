import type { QueryClient } from '@tanstack/react-query';
import { estadisticasEmbarqueQuery } from '@/api/embarque';
import { salidasQuery } from '@/api/salidas';
import { DEFAULT_TIMEZONE, todayIn } from '@/lib/dates';
import { averiguarCamara } from './validacion';

/**
 * What the validator reads as it shows itself (routes/ValidadorPage.tsx: today's figures, today's
 * departures, whether there is a camera), asked ahead. Today is the terminal's default zone's: the
 * company's own is known once its answer comes, and a company elsewhere reads its day then.
 */
export function precargarValidador(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(estadisticasEmbarqueQuery);
  void queryClient.prefetchQuery(salidasQuery(todayIn(DEFAULT_TIMEZONE)));
  averiguarCamara();
}
