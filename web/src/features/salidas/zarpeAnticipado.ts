import type { Schema } from '@/api/contract';
import { ApiError } from '@/lib/api';

/** The data of a sailing refused (409) for being more than 15 minutes early: the server's message is the question. */
export type ZarpeAnticipado = Schema<'ZarpeAnticipado'>;

/** The early-sailing question of a failed change of state (409 with ZarpeAnticipado), or null for any other failure. */
export function zarpeAnticipado(error: unknown): ZarpeAnticipado | null {
  if (!(error instanceof ApiError) || error.status !== 409 || typeof error.data !== 'object' || error.data === null) return null;
  return 'minutos_anticipado' in error.data ? (error.data as ZarpeAnticipado) : null;
}
