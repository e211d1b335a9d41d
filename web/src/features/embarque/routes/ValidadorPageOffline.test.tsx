import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EstadisticasEmbarque } from '@/api/embarque';
import { base64url } from '@/lib/dispositivo';
import type { Manifiesto } from '@/api/salidas';
import type { AccionOffline, PasajeLocal } from '@/lib/offline/db';
import { salida } from '@/testing/handlers/salidas';
import { EMPRESA, signIn } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { ok, okWithMessage, server } from '@/testing/server';
import { todayIn } from '@/lib/dates';

// The validator with no link: the phone's stored tickets and queue are maps (jsdom has no IndexedDB),
// its registration as a device holds a company key made here, and the codes are signed with it.
const mem = vi.hoisted(() => ({
  pasajes: new Map<string, PasajeLocal>(),
  cola: [] as { tipo: string; datos: unknown; ocurrido_en: number }[],
  registro: null as unknown,
  anotados: [] as unknown[][],
  salidas: new Map<string, unknown>(),
  certificados: new Map<string, string>(),
}));

/** This phone's queued boardings by departure (pasajesLocales' embarquesEnColaPorSalida, over the queue in memory). */
function enColaPorSalida(): Record<number, number> {
  const porSalida: Record<number, number> = {};
  for (const { datos } of mem.cola) {
    const id = (datos as { salida_id?: number }).salida_id;
    if (id !== undefined) porSalida[id] = (porSalida[id] ?? 0) + 1;
  }
  return porSalida;
}

vi.mock('@/features/embarque/pasajesLocales', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/features/embarque/pasajesLocales')>();
  const almacen = {
    porCodigo: async (codigo: string) => [...mem.pasajes.values()].find((p) => p.codigo_qr === codigo),
    porNumero: async (numero: string) => mem.pasajes.get(numero),
    embarcar: async (marcado: PasajeLocal, acto: unknown, ahora: number) => {
      mem.pasajes.set(marcado.numero_pasaje, marcado);
      mem.cola.push({ tipo: 'embarque', datos: acto, ocurrido_en: ahora });
    },
    enCola: async (salidaId: number) => enColaPorSalida()[salidaId] ?? 0,
  };
  return {
    ...real,
    usePasajesLocales: () => ({ guardado_en: Date.now() - 2 * 3_600_000, fechas: [], cantidad: mem.pasajes.size }),
    embarquesPendientes: async () => mem.cola.length,
    embarquesEnColaPorSalida: async () => enColaPorSalida(),
    anotarEmbarqueOnline: async (e: { numero_pasaje: string; fecha_embarque: string; tramo?: string }) => {
      mem.anotados.push([e.numero_pasaje, e.tramo ?? 'ida', e.fecha_embarque]);
    },
    almacenPasajes: almacen,
    embarquesLocalesDeSalida: (acciones: AccionOffline[], salidaId: number) => real.embarquesLocalesDeSalida(acciones, salidaId, almacen),
  };
});
// this phone keeps data (jsdom has no IndexedDB: the stores are the maps above)
vi.mock('@/lib/offline/persistencia', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/offline/persistencia')>()),
  hayAlmacenLocal: () => true,
}));
// the queue as the header and the validator's manifest observe it
vi.mock('@/lib/offline/cola', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/offline/cola')>()),
  observarCola: (alCambiar: (acciones: AccionOffline[]) => void) => {
    alCambiar(mem.cola.map((a, i) => ({ id: `a${i}`, estado: 'pendiente', intentos: 0, orden: i, ...a }) as AccionOffline));
    return () => undefined;
  },
}));
// today's departures kept on the phone: a map instead of the config store
vi.mock('@/features/embarque/salidasLocales', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/embarque/salidasLocales')>()),
  guardarSalidas: async (fecha: string, _empresa: number, salidas: unknown) => {
    mem.salidas.set(fecha, salidas);
  },
  leerSalidas: async (fecha: string) => mem.salidas.get(fecha) ?? null,
}));
// the company's device certificates kept on the phone: a map instead of the config store
vi.mock('@/features/embarque/certificadosLocales', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/embarque/certificadosLocales')>()),
  leerCertificados: async () => (codigo: string) => mem.certificados.get(codigo),
}));
vi.mock('@/lib/dispositivoAlmacen', () => ({
  leerEntrada: async (entrada: string) => (entrada === 'actual' ? mem.registro : undefined),
  escribirEntradas: async () => undefined,
}));

const ESTADISTICAS: EstadisticasEmbarque = { hoy: { total: 5, embarcados: 1, pendientes: 4 }, usuario: { validados_hoy: 1 } };
const HOY = todayIn(EMPRESA.timezone);

const enc = (o: object) => base64url(new TextEncoder().encode(JSON.stringify(o)));

/** A signed code of the family: prefix, base64url JSON, and the key's signature of both. */
async function firmar(clave: CryptoKey, prefijo: string, carga: object): Promise<string> {
  const firmado = prefijo + enc(carga);
  const firma = await crypto.subtle.sign('Ed25519', clave, new TextEncoder().encode(firmado));
  return `${firmado}.${base64url(new Uint8Array(firma))}`;
}

let codigo: string;
let cancelado: string;
/** A ticket sold offline by another device (the counter's, V3NC), its short code; and that device's certificate. */
let corto: string;
let certificadoVendedor: string;

beforeAll(async () => {
  const empresa = (await crypto.subtle.generateKey('Ed25519', true, ['sign', 'verify'])) as CryptoKeyPair;
  const dispositivo = (await crypto.subtle.generateKey('Ed25519', true, ['sign', 'verify'])) as CryptoKeyPair;
  const raw = async (k: CryptoKey) => base64url(new Uint8Array(await crypto.subtle.exportKey('raw', k)));
  const desde = new Date(Date.now() - 3_600_000);
  const hasta = new Date(desde.getTime() + 365 * 86_400_000);
  const certificado = await firmar(empresa.privateKey, 'MUELLEDISP1.', {
    e: EMPRESA.id, d: 'K7Q2', k: await raw(dispositivo.publicKey), desde: desde.toISOString(), hasta: hasta.toISOString(),
  });
  mem.registro = { id: 3, codigo: 'K7Q2', nombre: 'Lancha 1', certificado, clave_empresa: await raw(empresa.publicKey),
    desde: desde.toISOString(), hasta: hasta.toISOString(), keyPair: dispositivo };
  codigo = await firmar(empresa.privateKey, 'MUELLE1.', { e: EMPRESA.id, n: 'LD-20261126-000042', f: HOY, r: 'ab' });
  cancelado = await firmar(empresa.privateKey, 'MUELLE1.', { e: EMPRESA.id, n: 'LD-20261126-000043', f: HOY, r: 'cd' });
  const vendedor = (await crypto.subtle.generateKey('Ed25519', true, ['sign', 'verify'])) as CryptoKeyPair;
  certificadoVendedor = await firmar(empresa.privateKey, 'MUELLEDISP1.', {
    e: EMPRESA.id, d: 'V3NC', k: await raw(vendedor.publicKey), desde: desde.toISOString(), hasta: hasta.toISOString(),
  });
  corto = await firmar(vendedor.privateKey, 'MUELLE2.', {
    e: EMPRESA.id, n: 'LD-V3NC-20261126-000007', f: HOY, d: 'V3NC', s: 1, t: 1, p: 150000, r: 'ef',
  });
});

let enLinea = true;

function conectar(valor: boolean) {
  enLinea = valor;
  act(() => {
    window.dispatchEvent(new Event(valor ? 'online' : 'offline'));
  });
}

const pasaje = (numero: string, codigoQR: string, extra: Partial<PasajeLocal> = {}): PasajeLocal => ({
  numero_pasaje: numero, codigo_qr: codigoQR, fecha_viaje: HOY, estado: 'activo', cliente_nombre: 'Juana Gómez',
  seccion_nombre: 'Tigre – Tres Bocas', tipo_viaje_nombre: 'Jubilado', guardado_en: Date.now() - 2 * 3_600_000, ...extra,
});

beforeEach(() => {
  mem.pasajes.clear();
  mem.cola.length = 0;
  mem.anotados.length = 0;
  mem.salidas.clear();
  mem.certificados.clear();
  mem.pasajes.set('LD-20261126-000042', pasaje('LD-20261126-000042', codigo));
  mem.pasajes.set('LD-20261126-000043', pasaje('LD-20261126-000043', cancelado, { estado: 'cancelado' }));
  enLinea = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => enLinea });
  server.use(http.get('/api/pasajes/estadisticas-embarque', () => ok(ESTADISTICAS)));
  signIn('lancha');
});

afterEach(() => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});

const resultado = () => screen.getByRole('status', { name: 'Resultado de la validación' });

async function validarManual(user: ReturnType<typeof renderApp>['user'], texto: string) {
  const input = screen.getByLabelText(/Código del pasaje/);
  await user.clear(input);
  await user.click(input);
  await user.paste(texto);
  await user.keyboard('{Enter}');
}

describe('ValidadorPage offline', () => {
  it('boards on the phone, refuses a second scan and a cancelled ticket, and validates online again once the link returns', async () => {
    const llamadas: unknown[] = [];
    server.use(http.post('/api/pasajes/validar-qr', async ({ request }) => {
      llamadas.push(await request.json());
      return okWithMessage({ id: 1, numero_pasaje: 'LD-20261126-000044', fecha_viaje: HOY, fecha_embarque: new Date().toISOString(),
        estado: 'usado', cliente: { nombre: 'Ana' }, seccion: { nombre: 'S' }, tipo_viaje: { nombre: 'T' }, validado_por: 'lancha' }, 'Embarque validado exitosamente');
    }));
    enLinea = false;
    const { user } = renderApp('/admin/validador');
    await user.click(await screen.findByRole('radio', { name: 'Manual' }));
    const aviso = await screen.findByRole('status', { name: 'Modo sin conexión' });
    expect(aviso).toHaveTextContent('Pasajes de hoy y mañana guardados: 2, actualizados hace 2 h');
    expect(aviso).toHaveTextContent('pueden estar desactualizados');
    expect(aviso).not.toHaveTextContent('no está registrado');

    const antes = Date.now();
    await validarManual(user, codigo);
    await within(resultado()).findByText('Embarque registrado sin conexión');
    expect(resultado()).toHaveTextContent('LD-20261126-000042');
    expect(resultado()).toHaveTextContent('Juana Gómez');
    expect(resultado()).toHaveTextContent('Tigre – Tres Bocas');
    expect(resultado()).toHaveTextContent('Jubilado');
    expect(mem.cola).toHaveLength(1);
    expect(mem.cola[0]).toMatchObject({ tipo: 'embarque', datos: { codigo } });
    expect(mem.cola[0].ocurrido_en).toBeGreaterThanOrEqual(antes);
    await waitFor(() => expect(aviso).toHaveTextContent('Embarques por enviar: 1.'));

    await validarManual(user, codigo);
    await within(resultado()).findByText('Pasaje ya embarcado en este teléfono');
    expect(resultado()).toHaveTextContent('Embarcado el');
    expect(mem.cola).toHaveLength(1);

    await validarManual(user, 'ld 20261126 000043');
    await within(resultado()).findByText('El pasaje está cancelado y no puede embarcar');
    expect(mem.cola).toHaveLength(1);
    expect(llamadas).toEqual([]);

    conectar(true);
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Modo sin conexión' })).not.toBeInTheDocument());
    await validarManual(user, 'LD-20261126-000044');
    await within(resultado()).findByText('Embarque validado exitosamente');
    expect(llamadas).toEqual([{ codigo_qr: 'LD-20261126-000044' }]);
    // the phone's copy of a ticket boarded online says so, for a later offline scan
    await waitFor(() => expect(mem.anotados).toEqual([['LD-20261126-000044', 'ida', expect.any(String)]]));
  });

  it("boards offline a short code sold offline by another device with its cached certificate, and without it says to validate online", async () => {
    enLinea = false;
    const { user } = renderApp('/admin/validador');
    await user.click(await screen.findByRole('radio', { name: 'Manual' }));
    await screen.findByRole('status', { name: 'Modo sin conexión' });
    await validarManual(user, corto);
    await within(resultado()).findByText('No se puede verificar sin conexión: dispositivo desconocido. Valide el pasaje con conexión.');
    expect(mem.cola).toEqual([]);

    mem.certificados.set('V3NC', certificadoVendedor);
    await validarManual(user, corto);
    await within(resultado()).findByText('Embarque registrado sin conexión');
    expect(resultado()).toHaveTextContent('LD-V3NC-20261126-000007');
    expect(mem.cola).toEqual([expect.objectContaining({ tipo: 'embarque', datos: expect.objectContaining({ codigo: corto }) })]);
  });

  it('asks before boarding a ticket of another day offline, and boards it on "Embarcar igual"', async () => {
    mem.pasajes.set('LD-20261126-000042', pasaje('LD-20261126-000042', codigo, { fecha_viaje: '2030-01-15' }));
    enLinea = false;
    const { user } = renderApp('/admin/validador');
    await user.click(await screen.findByRole('radio', { name: 'Manual' }));
    await validarManual(user, codigo);
    await within(resultado()).findByText('Pasaje para el 15/01/2030 — ¿embarcar igual?');
    expect(mem.cola).toEqual([]);
    await user.click(within(resultado()).getByRole('button', { name: 'Embarcar igual' }));
    await within(resultado()).findByText('Embarque registrado sin conexión');
    expect(mem.cola).toMatchObject([{ tipo: 'embarque', datos: { codigo } }]);
  });

  it('validates on the phone when the server does not answer, and stays offline', async () => {
    let intentos = 0;
    server.use(http.post('/api/pasajes/validar-qr', () => {
      intentos++;
      return HttpResponse.error();
    }));
    const { user } = renderApp('/admin/validador');
    await user.click(await screen.findByRole('radio', { name: 'Manual' }));
    expect(screen.queryByRole('status', { name: 'Modo sin conexión' })).not.toBeInTheDocument();
    await validarManual(user, codigo);
    await within(resultado()).findByText('Embarque registrado sin conexión', {}, { timeout: 5000 });
    expect(await screen.findByRole('status', { name: 'Modo sin conexión' })).toBeInTheDocument();
    expect(mem.cola).toHaveLength(1);
    const enviados = intentos;
    await validarManual(user, cancelado);
    await within(resultado()).findByText('El pasaje está cancelado y no puede embarcar');
    expect(intentos).toBe(enviados);
  });

  describe('into a departure', () => {
    const lancha = () => salida(7, '10:30', 'embarcando', { fecha: HOY, capacidad: 2, embarcados: 1 });
    const manifiesto: Manifiesto = {
      encabezado: { salida_id: 7, seccion: 'Tigre – Tres Bocas', fecha: HOY, hora: '10:30', sentido: 'ida', embarcacion: 'Marina del Delta',
        matricula: 'REC-1234', capacidad: 2, vencimiento_certificado: null, estado: 'embarcando', estado_por: null, estado_en: null },
      tripulacion: [], congelado: false, congelado_en: null, totales: [], total: 1, correcciones: [],
      filas: [{ pasaje_id: 1, numero_pasaje: 'LD-20261126-000040', pasajero: 'Rosa Díaz', documento: null, nombrado: false, nacionalidad: null, fecha_nacimiento: null, franja_edad: null, sexo: null, tipo_viaje: 'General',
        tramo: 'ida', tramo_etiqueta: 'Ida', fecha_embarque: new Date().toISOString(), tripulante: 'lancha', correccion: null }],
    };

    beforeEach(() => {
      server.use(
        http.get('/api/salidas', () => ok([lancha()])),
        http.get('/api/salidas/7/manifiesto', () => ok(manifiesto)),
      );
    });

    it("keeps boarding into the validator's departure offline: its count adds this phone's boardings, a full boat refuses, the manifest lists them", async () => {
      mem.pasajes.set('LD-20261126-000043', pasaje('LD-20261126-000043', cancelado));
      const { user } = renderApp('/admin/validador');
      await user.click(await screen.findByRole('radio', { name: 'Manual' }));
      const seccion = await screen.findByRole('region', { name: 'Salida que embarca' });
      expect(seccion).toHaveTextContent('A bordo: 1 / 2');
      await waitFor(() => expect(mem.salidas.get(HOY)).toEqual([lancha()]));

      conectar(false);
      await screen.findByRole('status', { name: 'Modo sin conexión' });
      await validarManual(user, codigo);
      await within(resultado()).findByText('Embarque registrado sin conexión');
      expect(mem.cola[0].datos).toEqual({ codigo, salida_id: 7, tramo: 'ida' });
      expect(await within(seccion).findByText('A bordo: 2 / 2')).toBeInTheDocument();

      await validarManual(user, cancelado);
      await within(resultado()).findByText('Embarcación completa: capacidad habilitada 2 pasajeros');
      expect(mem.cola).toHaveLength(1);

      await user.click(within(seccion).getByRole('button', { name: 'Manifiesto' }));
      const lista = await screen.findByRole('table', { name: 'Pasajeros de la salida' });
      expect(lista).toHaveTextContent('Rosa Díaz');
      await waitFor(() => expect(lista).toHaveTextContent(/LD-20261126-000042\s*Juana Gómez\s*Ida.*Sin sincronizar/));
      expect(screen.getByRole('dialog')).toHaveTextContent('Pasajeros: 2 / 2');
    });

    it("boards a round trip's return offline into a 'vuelta' departure and refuses a second return", async () => {
      mem.salidas.set(HOY, [salida(9, '18:00', 'embarcando', { fecha: HOY, sentido: 'vuelta', capacidad: 10, embarcados: 3 })]);
      mem.pasajes.set('LD-20261126-000042', pasaje('LD-20261126-000042', codigo, {
        ida_y_vuelta: true, vuelta_hasta: null, estado: 'usado', fecha_embarque: new Date().toISOString(),
      }));
      enLinea = false;
      const { user } = renderApp('/admin/validador');
      await user.click(await screen.findByRole('radio', { name: 'Manual' }));
      const seccion = await screen.findByRole('region', { name: 'Salida que embarca' });
      await validarManual(user, codigo);
      await within(resultado()).findByText('Embarque registrado sin conexión');
      expect(resultado()).toHaveTextContent('Tramo: Vuelta');
      expect(mem.cola[0].datos).toEqual({ codigo, salida_id: 9, tramo: 'vuelta' });
      expect(await within(seccion).findByText('A bordo: 4 / 10')).toBeInTheDocument();
      await validarManual(user, codigo);
      await within(resultado()).findByText('Pasaje ya embarcado en este teléfono');
      expect(mem.cola).toHaveLength(1);
    });

    it('opened offline, offers the departures kept on the phone', async () => {
      mem.salidas.set(HOY, [lancha()]);
      enLinea = false;
      const { user } = renderApp('/admin/validador');
      await user.click(await screen.findByRole('radio', { name: 'Manual' }));
      const seccion = await screen.findByRole('region', { name: 'Salida que embarca' });
      expect(seccion).toHaveTextContent('A bordo: 1 / 2');
      await validarManual(user, codigo);
      await within(resultado()).findByText('Embarque registrado sin conexión');
      expect(mem.cola[0].datos).toEqual({ codigo, salida_id: 7, tramo: 'ida' });
    });
  });
});
