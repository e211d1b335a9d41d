import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useIdempotencyKeys } from '@/lib/idempotency';
import type { Schema } from './contract';
import { reportesEnviosKeys } from './keys';

// Types and calls of internal/api/reportes_envios.go and reportes_programados.go (issue 23 item 6).

// ─── Immediate sends (backoffice §2.15, §5, §7) ─────────────────────────────────────────────────

/** The calls that e-mail a report: its PDF (email, cajas, pasajeros) or its Excel (excel). */
export type EndpointEnvio = 'enviar-email' | 'enviar-excel' | 'enviar-cajas' | 'enviar-pasajeros';

/** The contract's body of a send: where, the subject, an optional message, which report and its period. */
type EnviarReporte = Schema<'EnviarReporte'>;
/** Which report a send carries (the server's default: ventas). */
export type TipoReporteEnvio = NonNullable<EnviarReporte['tipoReporte']>;
/** A report's period as the body of a send carries it: the report query's fields, month and year as numbers. */
export type PeriodoEnvio = Pick<EnviarReporte, 'periodo'> & Partial<Pick<EnviarReporte, 'inicio' | 'fin' | 'mes' | 'anio' | 'base'>>;
/** What a send sends: the fields a period or a message does not need are left out. */
export type EnviarReporteBody = Pick<EnviarReporte, 'email' | 'asunto'> & Partial<EnviarReporte>;

/** The outbox message a send queued. */
export type MensajeReporte = Schema<'Mensaje'>;

/** A suggested recipient: an active user of the company with an e-mail, not a passenger. */
export type Destinatario = Schema<'Destinatario'>;

/** GET /reportes/destinatarios (the forms that offer them ask when they open). */
export function useDestinatarios() {
  return useQuery(queryOptions({
    queryKey: reportesEnviosKeys.destinatarios(),
    queryFn: ({ signal }) => api.get<Destinatario[]>('/reportes/destinatarios', { signal }),
    staleTime: 60_000,
  }));
}

/**
 * POST /reportes/{endpoint}: queues the report's mail in the outbox. A retry of the same send after a failure keeps
 * its Idempotency-Key, so the server queues it once.
 */
export function useEnviarReporte() {
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: ({ endpoint, body }: { endpoint: EndpointEnvio; body: EnviarReporteBody }) =>
      api.send<MensajeReporte>('POST', `/reportes/${endpoint}`, body, { idempotencyKey: keys.keyFor({ endpoint, body }) }),
    onSuccess: () => keys.reset(),
  });
}

// ─── Scheduled sends (beyond the spec) ──────────────────────────────────────────────────────────

/** A scheduled send of the company: its next and last send, its failures in a row and whose permission it uses. */
export type ReporteProgramado = Schema<'ProgramaReporte'>;
/**
 * What a schedule sends: yesterday's register report every day, last week's sales (Monday to Sunday) every Monday,
 * last month's sales on the 1st, at `hora` (0–23) of the company's day.
 */
export type TipoProgramado = ReporteProgramado['tipo'];
/** The file a schedule attaches. */
export type FormatoProgramado = ReporteProgramado['formato'];
/** Body of POST /reportes/programados. */
export type NuevoProgramado = Schema<'GuardarProgramaReporte'>;
/** Body of PUT /reportes/programados/{id}: the same and `activo` (re-activating clears the failures). */
export type CambioProgramado = Schema<'ActualizarProgramaReporte'>;

export const programadosQuery = queryOptions({
  queryKey: reportesEnviosKeys.programados(),
  queryFn: ({ signal }) => api.get<ReporteProgramado[]>('/reportes/programados', { signal }),
});

export const useProgramados = () => useQuery(programadosQuery);

/**
 * A write of the schedules: sent with the Idempotency-Key of its body, refreshing the list once it succeeded;
 * resolves with the server's message.
 */
function useProgramadoMutation<V, R>(mutationFn: (v: V, options: { idempotencyKey: string }) => Promise<R>) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (v: V) => mutationFn(v, { idempotencyKey: keys.keyFor(v) }),
    onSuccess: () => {
      keys.reset();
      return queryClient.invalidateQueries({ queryKey: reportesEnviosKeys.programados() });
    },
  });
}

/** Creates (no id) or replaces a schedule; pausing and re-activating are a PUT with `activo`. */
export function useGuardarProgramado() {
  return useProgramadoMutation((v: { id?: undefined; input: NuevoProgramado } | { id: number; input: CambioProgramado }, options) =>
    v.id === undefined
      ? api.send<ReporteProgramado>('POST', '/reportes/programados', v.input, options)
      : api.send<ReporteProgramado>('PUT', `/reportes/programados/${v.id}`, v.input, options));
}

/** DELETE /reportes/programados/{id}. */
export function useEliminarProgramado() {
  return useProgramadoMutation((id: number, options) =>
    api.send<null>('DELETE', `/reportes/programados/${id}`, undefined, options));
}
