import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useIdempotencyKeys } from '@/lib/idempotency';
import { invalidateFor } from './invalidation';
import type { Schema } from './contract';
import { configKeys } from './keys';

// Electronic invoicing with ARCA (internal/api/facturacion.go; docs/features/facturacion.md).

/** The company's tax profile: CUIT, IVA condition and its documents, points of sale, environment, certificate, sections. */
export type Facturacion = Schema<'Facturacion'>;
/** Body of PUT /config/facturacion. */
export type FacturacionInput = Schema<'GuardarFacturacion'>;
/** Body of PUT /config/facturacion/certificado: the certificate and its key, PEM. */
export type CertificadoInput = Schema<'SubirCertificado'>;
/** A section with its tax treatment. */
export type SeccionFiscal = Schema<'SeccionFiscal'>;
export type TratamientoIVA = SeccionFiscal['tratamiento_iva'];

/** GET /config/facturacion (refreshed by configActualizada through configKeys). */
export const facturacionQuery = queryOptions({
  queryKey: configKeys.facturacion(),
  queryFn: ({ signal }) => api.get<Facturacion>('/config/facturacion', { signal }),
});

/** A PUT of the tax profile's screen, with an Idempotency-Key per attempt; keeps the server's message. */
function usePut<I, O>(path: (input: I) => string, body: (input: I) => unknown = (i) => i) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (input: I) => api.send<O>('PUT', path(input), body(input), { idempotencyKey: keys.keyFor(input) }),
    onSuccess: () => {
      keys.reset();
      return invalidateFor(queryClient, 'configActualizada');
    },
  });
}

/** PUT /config/facturacion. */
export function useGuardarFacturacion() {
  return usePut<FacturacionInput, Facturacion>(() => '/config/facturacion');
}

/** PUT /config/facturacion/certificado. */
export function useSubirCertificado() {
  return usePut<CertificadoInput, Facturacion>(() => '/config/facturacion/certificado');
}

/** PUT /config/secciones/{id}/tratamiento-iva. */
export function useGuardarTratamientoIVA() {
  return usePut<{ id: number; tratamiento_iva: TratamientoIVA }, SeccionFiscal>(
    (i) => `/config/secciones/${i.id}/tratamiento-iva`,
    (i) => ({ tratamiento_iva: i.tratamiento_iva }),
  );
}
