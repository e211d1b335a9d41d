import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { newIdempotencyKey } from '@/lib/idempotency';
import type { Schema } from './contract';
import { correoKeys } from './keys';

// Types of internal/api/correo.go.

/** The company's SMTP configuration as read (the password is never returned). */
export type ConfigEmail = Schema<'ConfigEmail'>;
/** Body of POST /configuracion-email; an empty smtp_password keeps the stored one. */
export type GuardarConfigEmail = Schema<'GuardarConfigEmail'>;
/** State of the e-mail service (backoffice §4). */
export type EstadoEmail = Schema<'EstadoEmail'>;
/** A message of the outbox. */
export type MensajeSalida = Schema<'MensajeSalida'>;

export const configEmailQuery = queryOptions({
  queryKey: correoKeys.config(),
  queryFn: ({ signal }) => api.get<ConfigEmail>('/configuracion-email', { signal }),
});

export const estadoEmailQuery = queryOptions({
  queryKey: correoKeys.estado(),
  queryFn: ({ signal }) => api.get<EstadoEmail>('/configuracion-email/estado', { signal }),
});

export const useConfigEmail = () => useQuery(configEmailQuery);
export const useEstadoEmail = () => useQuery(estadoEmailQuery);

/** GET /configuracion-email/plantilla-defecto, fetched when asked for. */
export const cargarPlantillaDefecto = () =>
  api.get<{ plantilla: string }>('/configuracion-email/plantilla-defecto').then((d) => d.plantilla);

/** Saves the configuration; resolves with the server's message. */
export function useGuardarConfigEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GuardarConfigEmail) =>
      api.send<ConfigEmail>('POST', '/configuracion-email', input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: correoKeys.all }),
  });
}

/** Sends the test mail now; the state changes either way. */
export function useProbarEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailDestino: string) =>
      api.send<unknown>('POST', '/configuracion-email/prueba', { email_destino: emailDestino }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: correoKeys.estado() }),
  });
}

/** What the counter sends: the tickets, where, for whom (the body), and the attempt's key. */
export type EnvioPasajes = Schema<'EnviarPasajesEmail'> & { clave: string };

/** POST /email/send-tickets: queues the tickets' mail (sent by the server's outbox). */
export function useEnviarPasajesEmail() {
  return useMutation({
    mutationFn: ({ email, pasajeIds, cliente, clave }: EnvioPasajes) =>
      api.send<MensajeSalida>('POST', '/email/send-tickets', { email, pasajeIds, cliente }, { idempotencyKey: clave }),
  });
}

/** While a message on screen waits in the outbox, its state is read again this often (no event tells). */
const MENSAJES_PENDIENTES_REFRESCO_MS = 5_000;

/** The ticket's messages, newest first (GET /pasajes/{id}/mensajes); polled while one is pending. */
export function mensajesPasajeQuery(pasajeId: number) {
  return queryOptions({
    queryKey: correoKeys.mensajes(pasajeId),
    queryFn: ({ signal }) => api.get<MensajeSalida[]>(`/pasajes/${pasajeId}/mensajes`, { signal }),
    refetchInterval: (query) => (query.state.data?.some((m) => m.estado === 'pendiente') ? MENSAJES_PENDIENTES_REFRESCO_MS : false),
  });
}

/** POST /mensajes/{id}/reenviar: a new pending copy of a message. */
export function useReenviarMensaje(pasajeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.send<MensajeSalida>('POST', `/mensajes/${id}/reenviar`, undefined, { idempotencyKey: newIdempotencyKey() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: correoKeys.mensajes(pasajeId) }),
  });
}
