import { http } from 'msw';
import { fail, okWithMessage, ok } from '@/testing/http';
import type { GuardarMercadoPago, MercadoPagoConfig } from '@/api/mercadopago';

/** A company that never set Mercado Pago up: its sellers listed without a point of sale. */
export const MP_SIN_CONFIGURAR: MercadoPagoConfig = {
  configurada: false, token_guardado: false, secreto_guardado: false, local: null, cuenta: null, local_id: null,
  probado_en: null, cajas: [
    { usuario_id: 4, usuario: 'vendedor', external_pos_id: 'MUELLE1U4', pos_id: null },
    { usuario_id: 2, usuario: 'admin', external_pos_id: 'MUELLE1U2', pos_id: null },
  ],
};

/**
 * The set-up's calls over a config that changes as the real server's does: a save stores the store and
 * whether a token came, the test connects the account (or fails with `fallaPrueba`), the creation gives
 * every seller a POS. Records the saved bodies and the idempotency keys.
 */
export function mercadoPagoHandlers(inicial: MercadoPagoConfig, fallaPrueba?: string) {
  let config = inicial;
  const guardados: GuardarMercadoPago[] = [];
  const claves: (string | null)[] = [];
  const handlers = [
    http.get('/api/config/mercadopago', () => ok(config)),
    http.put('/api/config/mercadopago', async ({ request }) => {
      const body = (await request.json()) as GuardarMercadoPago;
      guardados.push(body);
      claves.push(request.headers.get('Idempotency-Key'));
      config = { ...config, configurada: true, local: body.local, token_guardado: config.token_guardado || !!body.access_token,
        secreto_guardado: config.secreto_guardado || !!body.webhook_secret };
      return okWithMessage(config, 'Configuración de Mercado Pago guardada');
    }),
    http.post('/api/config/mercadopago/probar', () => {
      if (fallaPrueba) {
        config = { ...config, prueba_error: fallaPrueba, probado_en: '2026-11-20T13:00:00Z' };
        return fail(422, `No se pudo probar Mercado Pago: ${fallaPrueba}`);
      }
      config = { ...config, cuenta: { id: 1234567, apodo: 'LANCHAS_DELTA' }, probado_en: '2026-11-20T13:00:00Z' };
      return okWithMessage(config, 'Credenciales válidas: cuenta de Mercado Pago «LANCHAS_DELTA»');
    }),
    http.post('/api/config/mercadopago/cajas', () => {
      config = { ...config, local_id: '1001', cajas: config.cajas.map((c, i) => ({ ...c, pos_id: String(2000 + i) })) };
      return okWithMessage(config, 'Local y cajas creados en Mercado Pago');
    }),
  ];
  return { handlers, guardados, claves };
}
