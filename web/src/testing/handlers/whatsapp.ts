import { http } from 'msw';
import type { MensajeSalida } from '@/api/correo';
import type { EntradaConfigWhatsApp, EstadoWhatsApp, EstadoWhatsAppEmpresa, MensajePruebaWhatsApp } from '@/api/whatsapp';
import { fail, ok, okWithMessage } from '@/testing/http';

/** A real 1×1 PNG as the data URL WhatsApp's QR comes in. */
export const QR_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export const NO_INICIALIZADO: EstadoWhatsApp = { status: 'not_initialized', connected: false };
const QR_LISTO: EstadoWhatsApp = { status: 'qr_ready', connected: false, qrCode: QR_DATA_URL };
export const CONECTADO: EstadoWhatsApp = { status: 'connected', connected: true, info: { name: 'Lanchas del Delta', number: '5491155551234' } };

/** A number the fake refuses, as the server refuses what cannot be a phone. */
export const NUMERO_INVALIDO = 'abc';
export const MSG_NUMERO_INVALIDO = 'El teléfono abc no es un número válido de Argentina';
export const MSG_HORARIO_INVALIDO = 'El horario de atención debe tener el formato HH:MM-HH:MM (por ejemplo 08:00-18:00)';

/**
 * The single-company WhatsApp API over one state: initialize moves to qr_ready,
 * disconnect to disconnected; records every write with its Idempotency-Key.
 */
export function whatsappHandlers(estado: EstadoWhatsApp, config: EntradaConfigWhatsApp[] = []) {
  const actual = { estado, config: [...config] };
  const llamadas: { ruta: string; body: unknown; clave: string | null }[] = [];
  const registrar = async (ruta: string, request: Request) => {
    const body: unknown = await request.json();
    llamadas.push({ ruta, body, clave: request.headers.get('Idempotency-Key') });
    return body;
  };
  const handlers = [
    http.get('/api/whatsapp/status', () => ok(actual.estado)),
    http.get('/api/whatsapp/config', () => ok(actual.config)),
    http.put('/api/whatsapp/config', async ({ request }) => {
      const entrada = (await registrar('config', request)) as EntradaConfigWhatsApp;
      if (entrada.clave === 'horario_atencion' && !/^\d\d:\d\d-\d\d:\d\d$/.test(entrada.valor)) return fail(400, MSG_HORARIO_INVALIDO);
      actual.config = actual.config.map((e) => (e.clave === entrada.clave ? entrada : e));
      return okWithMessage(actual.config, 'Configuración de WhatsApp actualizada');
    }),
    http.post('/api/whatsapp/initialize', async ({ request }) => {
      await registrar('initialize', request);
      actual.estado = QR_LISTO;
      return ok(actual.estado);
    }),
    http.post('/api/whatsapp/disconnect', async ({ request }) => {
      await registrar('disconnect', request);
      actual.estado = { status: 'disconnected', connected: false };
      return okWithMessage(actual.estado, 'WhatsApp desconectado correctamente');
    }),
    http.post('/api/whatsapp/pair-phone', async ({ request }) => {
      const { telefono } = (await registrar('pair-phone', request)) as { telefono: string };
      return telefono === NUMERO_INVALIDO ? fail(400, MSG_NUMERO_INVALIDO) : ok({ codigo: 'ABCD-EFGH' });
    }),
    http.post('/api/whatsapp/send', async ({ request }) => {
      const { numero } = (await registrar('send', request)) as MensajePruebaWhatsApp;
      return numero === NUMERO_INVALIDO ? fail(400, MSG_NUMERO_INVALIDO) : okWithMessage(null, 'Mensaje de prueba enviado correctamente');
    }),
  ];
  return { handlers, llamadas, actual };
}

/** A company of the global screen. */
export function makeEstadoEmpresa(overrides: Partial<EstadoWhatsAppEmpresa> = {}): EstadoWhatsAppEmpresa {
  return {
    empresa_id: 1, empresa_nombre: 'Lanchas del Delta', status: 'connected', conectado: true, numero_vinculado: '5491155551234',
    mensajes_enviados: 120, ultima_conexion: '2026-11-20T13:05:00Z', error: '', ...overrides,
  };
}

/** The global screen's calls: every company, and one company's status for the QR modal. */
export function whatsappGlobalHandlers(empresas: EstadoWhatsAppEmpresa[]) {
  const llamadas: { ruta: string; body: unknown }[] = [];
  const handlers = [
    http.get('/api/whatsapp/status/all', () => ok(empresas)),
    http.get('/api/whatsapp/status/:empresaId', () => ok(QR_LISTO)),
    http.post('/api/whatsapp/initialize', async ({ request }) => {
      llamadas.push({ ruta: 'initialize', body: await request.json() });
      return ok(QR_LISTO);
    }),
    http.post('/api/whatsapp/disconnect', async ({ request }) => {
      const body = (await request.json()) as { empresaId: number };
      llamadas.push({ ruta: 'disconnect', body });
      return body.empresaId === 2 ? fail(500, 'Error interno') : okWithMessage({ status: 'disconnected', connected: false }, 'WhatsApp desconectado correctamente');
    }),
  ];
  return { handlers, llamadas };
}

/**
 * POST /pasajes/{id}/enviar-whatsapp: a pending outbox row per ticket, which
 * GET /pasajes/{id}/mensajes then lists; refuses NUMERO_INVALIDO and the ids in `fallan`.
 */
export function envioWhatsApp(fallan: number[] = []) {
  const llamadas: { pasajeId: number; body: unknown; clave: string | null }[] = [];
  const cola: MensajeSalida[] = [];
  const handlers = [
    http.post('/api/pasajes/:id/enviar-whatsapp', async ({ request, params }) => {
      const pasajeId = Number(params.id);
      const body = (await request.json()) as { telefono: string };
      llamadas.push({ pasajeId, body, clave: request.headers.get('Idempotency-Key') });
      if (body.telefono === NUMERO_INVALIDO) return fail(400, MSG_NUMERO_INVALIDO);
      if (fallan.includes(pasajeId)) return fail(503, 'Servicio no disponible');
      const mensaje: MensajeSalida = {
        id: 100 + pasajeId, canal: 'whatsapp', tipo: 'pasaje', destino: '+5491155551234', cliente: 'Juana Gómez', estado: 'pendiente',
        intentos: 0, proximo_intento: '2026-11-20T13:00:00Z', created_at: '2026-11-20T13:00:00Z', pasaje_ids: [pasajeId],
      };
      cola.push(mensaje);
      return okWithMessage(mensaje, 'Pasaje en cola de envío por WhatsApp', { status: 201 });
    }),
    http.get('/api/pasajes/:id/mensajes', ({ params }) => ok(cola.filter((m) => m.pasaje_ids.includes(Number(params.id))))),
  ];
  return { handlers, llamadas, cola };
}
