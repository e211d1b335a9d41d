import { http } from 'msw';
import type { CambioProgramado, Destinatario, MensajeReporte, NuevoProgramado, ReporteProgramado } from '@/api/reportesEnvios';
import { fail, ok, okWithMessage } from '@/testing/http';

// Request mocks of the report e-mails and the scheduled sends (issue 23 item 6).

/** The company's users a send suggests. */
export const DESTINATARIOS: Destinatario[] = [
  { id: 2, nombre: 'Ana Pérez', email: 'ana.perez@lanchas.com' },
  { id: 3, nombre: 'Bruno Díaz', email: 'bruno@lanchas.com' },
];

/** One call of POST /reportes/enviar-*: its endpoint, body and Idempotency-Key. */
export interface EnvioRecibido {
  endpoint: string;
  body: Record<string, unknown>;
  clave: string | null;
}

/**
 * GET /reportes/destinatarios and POST /reportes/enviar-* as the server answers them (the outbox message), or
 * `falla` (status and message) for every send. `envios` keeps each call.
 */
export function envioReportes(falla?: { status: number; message: string }) {
  const envios: EnvioRecibido[] = [];
  const handlers = [
    http.get('/api/reportes/destinatarios', () => ok(DESTINATARIOS)),
    http.post('/api/reportes/:endpoint', async ({ params, request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      envios.push({ endpoint: String(params.endpoint), body, clave: request.headers.get('Idempotency-Key') });
      if (falla) return fail(falla.status, falla.message);
      const mensaje: MensajeReporte = {
        id: 90, canal: 'email', tipo: 'reporte', destino: String(body.email), cliente: '', estado: 'pendiente', intentos: 0,
        proximo_intento: '2026-11-26T12:00:00Z', created_at: '2026-11-26T12:00:00Z', pasaje_ids: [],
      };
      return okWithMessage(mensaje, `El reporte se enviará a ${String(body.email)} en unos instantes`);
    }),
  ];
  return { handlers, envios };
}

/** A schedule: yesterday's register report at 07:00 to the owner; overrides change any field. */
export function makeProgramado(id: number, overrides: Partial<ReporteProgramado> = {}): ReporteProgramado {
  return {
    id, tipo: 'cajas_diario', formato: 'pdf', hora: 7, destinatarios: ['dueno@lanchas.com'], asunto: 'Cierre de cajas',
    activo: true, fallos_seguidos: 0, ultimo_envio: '2026-11-25T10:00:00Z', ultimo_error: '',
    proximo_envio: '2026-11-26T10:00:00Z', usuario: 'admin', ...overrides,
  };
}

/** A write of the schedules the server received: the method, the id (none for POST) and the body. */
export interface EscrituraProgramado {
  metodo: string;
  id?: number;
  body?: NuevoProgramado | CambioProgramado;
}

/**
 * The company's schedules as the server keeps them: listed, created (a new id), replaced, deleted; another id
 * answers 404. `escrituras` keeps each write.
 */
export function programadosHandlers(iniciales: ReporteProgramado[] = []) {
  let lista = [...iniciales];
  const escrituras: EscrituraProgramado[] = [];
  const buscar = (id: number) => lista.find((p) => p.id === id);
  const noEncontrado = () => fail(404, 'Envío programado no encontrado');
  const handlers = [
    http.get('/api/reportes/destinatarios', () => ok(DESTINATARIOS)),
    http.get('/api/reportes/programados', () => ok(lista)),
    http.post('/api/reportes/programados', async ({ request }) => {
      const body = (await request.json()) as NuevoProgramado;
      escrituras.push({ metodo: 'POST', body });
      const creado = makeProgramado(Math.max(0, ...lista.map((p) => p.id)) + 1, { ...body, ultimo_envio: null, activo: true });
      lista = [...lista, creado];
      return okWithMessage(creado, 'Envío programado guardado');
    }),
    http.put('/api/reportes/programados/:id', async ({ params, request }) => {
      const id = Number(params.id);
      const body = (await request.json()) as CambioProgramado;
      escrituras.push({ metodo: 'PUT', id, body });
      const actual = buscar(id);
      if (!actual) return noEncontrado();
      const guardado = { ...actual, ...body, fallos_seguidos: body.activo ? 0 : actual.fallos_seguidos };
      lista = lista.map((p) => (p.id === id ? guardado : p));
      return okWithMessage(guardado, 'Envío programado guardado');
    }),
    http.delete('/api/reportes/programados/:id', ({ params }) => {
      const id = Number(params.id);
      escrituras.push({ metodo: 'DELETE', id });
      if (!buscar(id)) return noEncontrado();
      lista = lista.filter((p) => p.id !== id);
      return okWithMessage(null, 'Envío programado eliminado');
    }),
  ];
  return { handlers, escrituras };
}
