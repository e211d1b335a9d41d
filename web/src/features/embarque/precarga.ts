import type { QueryClient } from '@tanstack/react-query';
import { estadisticasEmbarqueQuery } from '@/api/embarque';
import { averiguarCamara } from './validacion';

/**
 * What the validator reads as it shows itself (routes/ValidadorPage.tsx: today's figures, whether
 * there is a camera), asked ahead.
 */
export function precargarValidador(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(estadisticasEmbarqueQuery);
  averiguarCamara();
}
