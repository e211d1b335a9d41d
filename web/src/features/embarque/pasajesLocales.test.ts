import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Pasajero } from '@/api/embarque';
import type { AccionOffline, EntradaConfig, PasajeLocal } from '@/lib/offline/db';
import { makePasaje } from '@/testing/fixtures';
import { ok, server } from '@/testing/server';
import { accionOffline, ventaOffline } from '@/testing/colaOffline';
import { salida } from '@/testing/handlers/salidas';
import {
  almacenPasajes, diaSiguiente, embarquesEnColaPorSalida, embarquesLocalesDeSalida, ENTRADA_PASAJES, estadoPasajesLocales, guardarPasajes,
  pasajeLocalDe, pasajesVencidos, sobrevive,
} from './pasajesLocales';
import { conEmbarquesEnCola } from './salidaValidador';
import { claveSalidas, guardarSalidas, leerSalidas } from './salidasLocales';
import { ENTRADA_CERTIFICADOS, guardarCertificados, leerCertificados } from './certificadosLocales';

// jsdom has no IndexedDB: the Dexie stores are maps behind the few calls this module makes.
const tablas = vi.hoisted(() => ({
  pasajes: new Map<string, PasajeLocal>(), config: new Map<string, EntradaConfig>(), offline: [] as AccionOffline[],
}));
const encolar = vi.hoisted(() => vi.fn(async () => ({})));
vi.mock('@/lib/offline/cola', () => ({ encolar }));
vi.mock('@/lib/offline/db', async (importOriginal) => ({
  // the constants as they are (other modules of the app read them), the database in memory
  ...(await importOriginal<typeof import('@/lib/offline/db')>()),
  baseOffline: {
    transaction: (...args: unknown[]) => (args.at(-1) as () => Promise<unknown>)(),
    pasajes: {
      toArray: async () => [...tablas.pasajes.values()],
      bulkDelete: async (numeros: string[]) => numeros.forEach((n) => tablas.pasajes.delete(n)),
      bulkPut: async (ps: PasajeLocal[]) => ps.forEach((p) => tablas.pasajes.set(p.numero_pasaje, p)),
      put: async (p: PasajeLocal) => tablas.pasajes.set(p.numero_pasaje, p),
      get: async (n: string) => tablas.pasajes.get(n),
      where: () => ({ equals: (codigo: string) => ({ first: async () => [...tablas.pasajes.values()].find((p) => p.codigo_qr === codigo) }) }),
    },
    config: {
      put: async (e: EntradaConfig) => tablas.config.set(e.clave, e),
      get: async (clave: string) => tablas.config.get(clave),
    },
    offline: { filter: (f: (a: AccionOffline) => boolean) => ({ toArray: async () => tablas.offline.filter(f) }) },
  },
}));

const AHORA = Date.parse('2026-11-26T15:00:00Z');

const pasajero = (numero: string, fecha: string, extra: Partial<Pasajero> = {}): Pasajero =>
  ({ ...makePasaje({ numero_pasaje: numero, fecha_viaje: fecha, codigo_qr: `MUELLE1.${numero}.f` }), ...extra });

const local = (numero: string, fecha: string, extra: Partial<PasajeLocal> = {}): PasajeLocal => ({
  numero_pasaje: numero, codigo_qr: `MUELLE1.${numero}.f`, fecha_viaje: fecha, estado: 'activo', cliente_nombre: 'X',
  seccion_nombre: 'S', tipo_viaje_nombre: 'T', guardado_en: AHORA - 3_600_000, ...extra,
});

beforeEach(() => {
  tablas.pasajes.clear();
  tablas.config.clear();
  tablas.offline = [];
  encolar.mockClear();
  // the modules ask whether the browser has IndexedDB before reading the (mocked) stores
  vi.stubGlobal('indexedDB', {});
  return () => vi.unstubAllGlobals();
});

describe('guardarPasajes', () => {
  it("replaces today's and tomorrow's tickets (cancelled too) and keeps what this phone boarded today", async () => {
    const pedidos: string[] = [];
    server.use(http.get('/api/pasajes/por-fecha', ({ request }) => {
      const url = new URL(request.url);
      pedidos.push(url.search);
      const fecha = url.searchParams.get('fecha');
      const pasajes = fecha === '2026-11-26'
        ? [pasajero('LD-1', fecha), pasajero('LD-2', fecha, { estado: 'cancelado' }), pasajero('LD-3', fecha, { estado: 'usado', fecha_embarque: '2026-11-26T12:00:00Z' })]
        : [pasajero('LD-4', '2026-11-27')];
      return ok({ fecha, pasajes, total: pasajes.length, stats: { total: 0, embarcados: 0, pendientes: 0 } });
    }));
    tablas.pasajes.set('LD-1', local('LD-1', '2026-11-26', { embarcado_en: AHORA - 60_000 }));
    tablas.pasajes.set('LD-9', local('LD-9', '2026-11-26'));
    tablas.pasajes.set('LD-OLD', local('LD-OLD', '2026-11-25'));
    tablas.pasajes.set('LD-AYER', local('LD-AYER', '2026-11-25', { embarcado_en: AHORA - 2 * 60_000 }));
    tablas.pasajes.set('LD-VIEJO', local('LD-VIEJO', '2026-11-24', { embarcado_en: AHORA - 25 * 3_600_000 }));

    const estado = await guardarPasajes(['2026-11-26', '2026-11-27'], AHORA);

    expect(pedidos.sort()).toEqual(['?fecha=2026-11-26&cancelados=true', '?fecha=2026-11-27&cancelados=true']);
    expect(estado).toEqual({ guardado_en: AHORA, fechas: ['2026-11-26', '2026-11-27'], cantidad: 4 });
    expect([...tablas.pasajes.keys()].sort()).toEqual(['LD-1', 'LD-2', 'LD-3', 'LD-4', 'LD-AYER']);
    expect(tablas.pasajes.get('LD-1')).toMatchObject({ estado: 'activo', embarcado_en: AHORA - 60_000, guardado_en: AHORA, cliente_nombre: 'Juana Gómez' });
    expect(tablas.pasajes.get('LD-2')).toMatchObject({ estado: 'cancelado' });
    expect(tablas.pasajes.get('LD-3')).toMatchObject({ estado: 'usado', fecha_embarque: '2026-11-26T12:00:00Z' });
    expect(tablas.pasajes.get('LD-4')?.embarcado_en).toBeUndefined();
    expect(await estadoPasajesLocales()).toEqual(estado);
    expect(tablas.config.get(ENTRADA_PASAJES)?.guardado_en).toBe(AHORA);
  });
});

describe('almacenPasajes.embarcar', () => {
  it('keeps the ticket boarded on this phone and queues the act embarque {codigo, salida_id, tramo} with the scan time', async () => {
    const p = local('LD-1', '2026-11-26', { embarcado_en: AHORA });
    await almacenPasajes.embarcar(p, { codigo: 'MUELLE1.LD-1.f', salida_id: 7, tramo: 'ida' }, AHORA);
    expect(tablas.pasajes.get('LD-1')).toMatchObject({ embarcado_en: AHORA });
    expect(encolar).toHaveBeenCalledExactlyOnceWith('embarque', { codigo: 'MUELLE1.LD-1.f', salida_id: 7, tramo: 'ida' }, AHORA);
    expect(await almacenPasajes.porCodigo('MUELLE1.LD-1.f')).toMatchObject({ numero_pasaje: 'LD-1' });
  });

  it("counts this phone's queued boardings by departure (any state: not applied yet) and lists them with their tickets", async () => {
    tablas.pasajes.set('LD-1', local('LD-1', '2026-11-26', { cliente_nombre: 'Ana Paz' }));
    tablas.offline = [
      accionOffline({ datos: { codigo: 'MUELLE1.LD-1.f', salida_id: 7, tramo: 'vuelta' }, ocurrido_en: AHORA }),
      accionOffline({ datos: { codigo: 'LD-9', salida_id: 7, tramo: 'ida' }, estado: 'fallida' }),
      accionOffline({ datos: { codigo: 'LD-2', salida_id: 8 } }),
      accionOffline({ datos: { codigo: 'LD-3' } }),
      ventaOffline(),
    ];
    expect(await embarquesEnColaPorSalida()).toEqual({ 7: 2, 8: 1 });
    expect(await almacenPasajes.enCola(7)).toBe(2);
    expect(await almacenPasajes.enCola(9)).toBe(0);
    expect((await embarquesLocalesDeSalida(tablas.offline, 7))[0]).toEqual({
      numero_pasaje: 'LD-1', pasajero: 'Ana Paz', tramo: 'vuelta', embarcado_en: AHORA,
    });
  });
});

describe('round trips on the phone', () => {
  it("keeps a round trip's legs from the server's list and the return this phone boarded through a refresh", () => {
    const p = { ...pasajero('LD-1', '2026-11-26'), ida_y_vuelta: true, vuelta_hasta: '2026-11-30', fecha_embarque_vuelta: null };
    expect(pasajeLocalDe(p, AHORA, local('LD-1', '2026-11-26', { embarcado_en: AHORA - 5, embarcado_vuelta_en: AHORA - 1 }))).toMatchObject({
      ida_y_vuelta: true, vuelta_hasta: '2026-11-30', fecha_embarque_vuelta: null, embarcado_en: AHORA - 5, embarcado_vuelta_en: AHORA - 1,
    });
    expect(pasajeLocalDe(pasajero('LD-2', '2026-11-26'), AHORA).ida_y_vuelta).toBeUndefined();
    expect(sobrevive(local('A', '2026-11-20', { embarcado_vuelta_en: AHORA - 1000 }), ['2026-11-26'], AHORA)).toBe(true);
  });
});

describe("the validator's departures on the phone", () => {
  it("survive a reload from the config store, for the company that read them only, and add this phone's queued boardings", async () => {
    const salidas = [salida(7, '10:30', 'embarcando', { embarcados: 3 }), salida(8, '12:00', 'programada')];
    await guardarSalidas('2026-11-22', 5, salidas, AHORA);
    expect(tablas.config.get(claveSalidas('2026-11-22'))).toMatchObject({ clave: 'salidas:2026-11-22', guardado_en: AHORA });
    expect(await leerSalidas('2026-11-22', 5)).toEqual(salidas);
    expect(await leerSalidas('2026-11-22', 6)).toBeNull();
    expect(await leerSalidas('2026-11-23', 5)).toBeNull();
    expect(conEmbarquesEnCola(salidas[0], { 7: 2 }).embarcados).toBe(5);
    expect(conEmbarquesEnCola(salidas[1], { 7: 2 })).toBe(salidas[1]);
  });
});

describe('the helpers', () => {
  it('tell the next day, what outlives a save and when the tickets are stale', () => {
    expect(diaSiguiente('2026-12-31')).toBe('2027-01-01');
    expect(diaSiguiente('2028-02-28')).toBe('2028-02-29');
    expect(sobrevive(local('A', '2026-11-26', { embarcado_en: AHORA }), ['2026-11-26'], AHORA)).toBe(false);
    expect(sobrevive(local('A', '2026-11-20', { embarcado_en: AHORA - 1000 }), ['2026-11-26'], AHORA)).toBe(true);
    expect(sobrevive(local('A', '2026-11-20'), ['2026-11-26'], AHORA)).toBe(false);
    expect(pasajesVencidos({ guardado_en: AHORA - 3_600_001, fechas: [], cantidad: 0 }, AHORA)).toBe(true);
    expect(pasajesVencidos({ guardado_en: AHORA - 3_600_000, fechas: [], cantidad: 0 }, AHORA)).toBe(false);
  });
});

describe('the device certificates kept on the phone (certificadosLocales)', () => {
  it("keeps the company's register as the server answers it and finds a device's certificate by its code, for that company only", async () => {
    const pedidos: string[] = [];
    server.use(http.get('/api/dispositivos/certificados', ({ request }) => {
      pedidos.push(new URL(request.url).pathname);
      return ok([{ codigo: 'K7Q2', certificado: 'MUELLEDISP1.a.b' }, { codigo: 'V3NC', certificado: 'MUELLEDISP1.c.d' }]);
    }));
    expect(await leerCertificados(7)).toBeNull();
    expect(await guardarCertificados(7, AHORA)).toBe(2);
    expect(pedidos).toEqual(['/api/dispositivos/certificados']);
    expect(tablas.config.get(ENTRADA_CERTIFICADOS)).toMatchObject({ clave: 'certificados_dispositivos', guardado_en: AHORA });
    const certificadoDe = await leerCertificados(7);
    expect(certificadoDe?.('K7Q2')).toBe('MUELLEDISP1.a.b');
    expect(certificadoDe?.('QQ77')).toBeUndefined();
    // another company's session on this phone does not use them
    expect(await leerCertificados(8)).toBeNull();
    // a refresh replaces them: a device revoked since is gone
    server.use(http.get('/api/dispositivos/certificados', () => ok([{ codigo: 'V3NC', certificado: 'MUELLEDISP1.c.d' }])));
    await guardarCertificados(7, AHORA + 1000);
    expect((await leerCertificados(7))?.('K7Q2')).toBeUndefined();
  });
});
