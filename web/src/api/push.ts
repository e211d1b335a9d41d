import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { activarPush, desactivarPush, estadoPush } from '@/lib/push';
import type { Schema } from './contract';
import { pushKeys } from './keys';

// Types of internal/api/push.go; the calls live in lib/push (they need the browser's Push API).

/** The installation's VAPID public key (GET /push/clave). */
export type ClavePush = Schema<'ClavePush'>;
/** A browser's subscription as POST /push/subscriptions takes it. */
export type SuscripcionPush = Schema<'SuscripcionPush'>;

/**
 * Where this browser stands with Web Push, read from the browser (no request): again whenever a
 * control showing it mounts or the window regains focus, since the service worker registers after the
 * first load and the user may allow or block notifications in the site's settings meanwhile.
 */
export function estadoPushQuery() {
  return queryOptions({ queryKey: pushKeys.estado(), queryFn: estadoPush, staleTime: 0 });
}

/** Turns push notifications on or off (from a click); resolves with the message to show, then re-reads the state. */
export function useCambiarPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (activar: boolean) => (activar ? activarPush() : desactivarPush()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.all }),
  });
}
