import { http } from 'msw';
import type {
  AjustarPuntos, Beneficio, BeneficioCliente, ConfiguracionPuntos, GuardarBeneficio, PuntosCliente,
} from '@/api/puntos';
import { fail, ok, okWithMessage } from '@/testing/http';

/** The defaults of backoffice §9, as the server answers until saved. */
export const CONFIG_PUNTOS: ConfiguracionPuntos = {
  activo: true, puntos_por_peso: 1, puntos_minimos_canje: 100, vencimiento_puntos_dias: 365, multiplicador_viajero_frecuente: 1.5,
  viajes_para_frecuente: 10, dias_para_frecuente: 365, anulacion_puntos_canjeados: 'descontar',
};

/** A benefit of the fixture company; overrides change any field. */
export function makeBeneficio(overrides: Partial<Beneficio> = {}): Beneficio {
  return {
    id: 1, nombre: '10% de descuento', descripcion: 'En cualquier pasaje', tipo: 'descuento_porcentaje', valor: 10,
    puntos_requeridos: 500, maximo_usos: null, usos: 0, vigencia_dias: null, fecha_inicio: null, fecha_fin: null, activo: true,
    ...overrides,
  };
}

/** Juan Gómez (customer 1 of the customers mock) with two lots and three movements. */
export const PUNTOS_JUAN: PuntosCliente = {
  cliente: { id: 1, nombre: 'Juan', apellido: 'Gómez', documento: '30111222' },
  balance_puntos: 2450, puntos_disponibles: 2450, deuda_puntos: 0, canje_bloqueado: false,
  nivel: { nombre: 'Plata', progreso: 0.15, siguiente: 'Oro', puntos_siguiente: 2550 },
  es_viajero_frecuente: true, viajes_recientes: 12,
  lotes: [
    { id: 7, puntos: 1500, restante: 1000, fecha_expiracion: '2027-03-10T12:00:00Z', creado_en: '2026-03-10T12:00:00Z' },
    { id: 9, puntos: 1450, restante: 1450, fecha_expiracion: null, creado_en: '2026-10-01T12:00:00Z' },
  ],
  historial: [
    { id: 3, tipo_movimiento: 'canje', descripcion: 'Canje de 10% de descuento', motivo: '', puntos: -500, pendiente: 0,
      creado_en: '2026-11-01T15:00:00Z', fecha_expiracion: null, usuario: { nombre: 'Vera Vendedora' }, pasaje: null },
    { id: 2, tipo_movimiento: 'compra', descripcion: 'Compra de pasaje', motivo: '', puntos: 1450, pendiente: 0,
      creado_en: '2026-10-01T12:00:00Z', fecha_expiracion: null, usuario: null, pasaje: { id: 41, numero_pasaje: 'LD-20261001-000041' } },
    { id: 1, tipo_movimiento: 'compra', descripcion: 'Compra de pasaje', motivo: '', puntos: 1500, pendiente: 0,
      creado_en: '2026-03-10T12:00:00Z', fecha_expiracion: '2027-03-10T12:00:00Z', usuario: null, pasaje: null },
  ],
  total_movimientos: 3,
};

/** Ana Peña (customer 2): no points, no movements. */
export const PUNTOS_ANA: PuntosCliente = {
  cliente: { id: 2, nombre: 'Ana', apellido: 'Peña', documento: '27999888' },
  balance_puntos: 0, puntos_disponibles: 0, deuda_puntos: 0, canje_bloqueado: false,
  nivel: { nombre: 'Bronce', progreso: 0, siguiente: 'Plata', puntos_siguiente: 2000 },
  es_viajero_frecuente: false, viajes_recientes: 0, lotes: [], historial: [], total_movimientos: 0,
};

/** One write the mock received: its method, path, body and Idempotency-Key. */
export interface EscrituraPuntos {
  method: string;
  path: string;
  body: unknown;
  key: string | null;
}

/**
 * The /puntos calls like the server: the configuration, the benefits (created, edited,
 * toggled in memory), customers' points and redeemable benefits, and adjustments;
 * every write recorded. An adjustment with motivo 'falla' is refused.
 */
export function puntosHandlers({
  config = CONFIG_PUNTOS,
  beneficios = [makeBeneficio()],
  puntos = [PUNTOS_JUAN, PUNTOS_ANA],
  beneficiosCliente = {},
}: {
  config?: ConfiguracionPuntos;
  beneficios?: Beneficio[];
  puntos?: PuntosCliente[];
  beneficiosCliente?: Record<number, BeneficioCliente[]>;
} = {}) {
  const escrituras: EscrituraPuntos[] = [];
  const lista = [...beneficios];
  let actual = config;
  const registrar = async (request: Request) => {
    const body: unknown = await request.json();
    escrituras.push({ method: request.method, path: new URL(request.url).pathname, body, key: request.headers.get('Idempotency-Key') });
    return body;
  };
  const completo = (b: GuardarBeneficio, previo: Partial<Beneficio>): Beneficio => makeBeneficio({
    ...previo, nombre: b.nombre ?? '', descripcion: b.descripcion ?? '', tipo: b.tipo ?? 'descuento_porcentaje', valor: b.valor ?? 0,
    puntos_requeridos: b.puntos_requeridos ?? 0, maximo_usos: b.maximo_usos ?? null, vigencia_dias: b.vigencia_dias ?? null,
    fecha_inicio: b.fecha_inicio ?? null, fecha_fin: b.fecha_fin ?? null, activo: b.activo ?? true,
  });
  const handlers = [
    http.get('/api/puntos/configuracion', () => ok(actual)),
    http.put('/api/puntos/configuracion', async ({ request }) => {
      actual = (await registrar(request)) as ConfiguracionPuntos;
      return okWithMessage(actual, 'Configuración actualizada exitosamente');
    }),
    http.get('/api/puntos/beneficios', () => ok(lista)),
    http.post('/api/puntos/beneficios', async ({ request }) => {
      const b = completo((await registrar(request)) as GuardarBeneficio, { id: 100 + lista.length });
      lista.push(b);
      return okWithMessage(b, 'Beneficio creado exitosamente', { status: 201 });
    }),
    http.put('/api/puntos/beneficios/:id', async ({ request, params }) => {
      const body = (await registrar(request)) as GuardarBeneficio;
      const i = lista.findIndex((b) => b.id === Number(params.id));
      if (i < 0) return fail(404, 'Beneficio no encontrado');
      lista[i] = Object.keys(body).length === 1 && body.activo != null
        ? { ...lista[i], activo: body.activo }
        : completo(body, { id: lista[i].id, usos: lista[i].usos });
      return okWithMessage(lista[i], 'Beneficio actualizado exitosamente');
    }),
    http.delete('/api/puntos/beneficios/:id', ({ request, params }) => {
      escrituras.push({ method: 'DELETE', path: new URL(request.url).pathname, body: null, key: request.headers.get('Idempotency-Key') });
      const i = lista.findIndex((b) => b.id === Number(params.id));
      if (i < 0) return fail(404, 'Beneficio no encontrado');
      if (lista[i].usos > 0) {
        lista[i] = { ...lista[i], activo: false };
        return okWithMessage({ desactivado: true }, 'El beneficio ya se canjeó: se desactivó en lugar de eliminarse');
      }
      lista.splice(i, 1);
      return okWithMessage({ desactivado: false }, 'Beneficio eliminado exitosamente');
    }),
    http.get('/api/puntos/cliente/:id', ({ params }) => {
      const p = puntos.find((x) => x.cliente.id === Number(params.id));
      return p ? ok(p) : fail(404, 'Cliente no encontrado');
    }),
    http.get('/api/puntos/cliente/:id/beneficios', ({ params }) => ok(beneficiosCliente[Number(params.id)] ?? [])),
    http.post('/api/puntos/ajustar', async ({ request }) => {
      const body = (await registrar(request)) as AjustarPuntos;
      if (body.motivo === 'falla') return fail(409, 'El ajuste dejaría el saldo del cliente en negativo');
      const p = puntos.find((x) => x.cliente.id === body.cliente_id)!;
      const despues: PuntosCliente = {
        ...p, balance_puntos: p.balance_puntos + body.puntos, puntos_disponibles: p.puntos_disponibles + body.puntos,
        historial: [{ id: 99, tipo_movimiento: 'ajuste', descripcion: body.descripcion ?? '', motivo: body.motivo, puntos: body.puntos,
          pendiente: 0, creado_en: '2026-11-26T12:00:00Z', fecha_expiracion: null, usuario: { nombre: 'Admin' }, pasaje: null }, ...p.historial],
        total_movimientos: p.total_movimientos + 1,
      };
      puntos = puntos.map((x) => (x.cliente.id === body.cliente_id ? despues : x));
      return okWithMessage(despues, 'Puntos ajustados exitosamente');
    }),
  ];
  return { handlers, escrituras, beneficios: lista };
}
