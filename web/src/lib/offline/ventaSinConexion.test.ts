import { beforeEach, describe, expect, it, vi } from 'vitest';
import { base64url } from '@/lib/dispositivo';
import type { EntradaConfig } from './db';
import { BrowserQRCodeSvgWriter } from '@zxing/browser';
import { EncodeHintType } from '@zxing/library';
import { CONFIG_POR_DEFECTO } from '@/lib/impresion/config';
import { imprimirPasajesSinConexion } from '@/lib/impresion/sinConexion';
import { verificarCodigo } from './verificar';
import {
  claveContador, MSG_SIN_CONEXION, venderSinConexion, type CarritoVenta, type ContextoVentaSinConexion, type DispositivoFirma,
} from './ventaSinConexion';

// jsdom has no IndexedDB: the config store is a map, the queue a list; both record the order of their writes.
const almacen = vi.hoisted(() => ({ config: new Map<string, unknown>(), cola: [] as unknown[], orden: [] as string[] }));
vi.mock('./db', async (original) => ({
  ...(await original<typeof import('./db')>()),
  baseOffline: {
    config: {
      get: async (clave: string) => structuredClone(almacen.config.get(clave)),
      put: async (entrada: EntradaConfig) => {
        almacen.orden.push(`contador ${JSON.stringify(entrada.valor)}`);
        almacen.config.set(entrada.clave, structuredClone(entrada));
      },
    },
    transaction: async (_modo: string, _tabla: unknown, fn: () => Promise<unknown>) => fn(),
  },
}));
vi.mock('./cola', () => ({
  encolar: async (tipo: string, datos: unknown, ocurrido_en: number) => {
    almacen.orden.push(`encolar ${tipo}`);
    almacen.cola.push({ tipo, datos, ocurrido_en });
    return { id: `accion-${almacen.cola.length}`, tipo, datos, ocurrido_en, estado: 'pendiente', intentos: 0, orden: almacen.cola.length };
  },
}));

// the receipt's print window: what the printer is sent
const impreso = vi.hoisted(() => ({ html: '' }));
vi.mock('@/lib/impresion/ventana', () => ({
  abrirVentanaImpresion: () => ({ close: () => undefined }),
  prepararHTML: (html: string) => html,
  mostrarEImprimir: (_ventana: unknown, html: string) => {
    impreso.html = html;
  },
}));

beforeEach(() => {
  impreso.html = '';
  almacen.config.clear();
  almacen.cola = [];
  almacen.orden = [];
});

/** The shared vector: inputs made by the server's code, and the sale this module made from them. */
interface Vector {
  empresa_id: number;
  prefijo: string;
  codigo: string;
  semilla_empresa: string;
  semilla_dispositivo: string;
  certificado_desde: string;
  certificado: string;
  accion: { ocurrido_en: number; venta: unknown };
}
// Node's fs, out of the app's types (the file is outside web/, which Vite does not serve).
const fs = (await import(/* @vite-ignore */ `node:${'fs'}`)) as {
  readFileSync: (ruta: string, codificacion: 'utf8') => string;
  writeFileSync: (ruta: string, texto: string) => void;
};
const RUTA_VECTOR = `${(import.meta as ImportMeta & { dirname: string }).dirname}/../../../../internal/domain/testdata/venta_offline.json`;
const vector = JSON.parse(fs.readFileSync(RUTA_VECTOR, 'utf8')) as Vector;

/** `ACTUALIZAR_VECTORES=1 npx vitest run <this file>` rewrites the vector with what this module makes now. */
function reescribirVector(contenido: Vector): void {
  fs.writeFileSync(RUTA_VECTOR, JSON.stringify(contenido, null, 2) + '\n');
}

const bytesHex = (h: string) => Uint8Array.from(h.match(/../g)!, (b) => parseInt(b, 16));
/** An Ed25519 private key from its 32-byte seed (PKCS #8 is a fixed 16-byte header and the seed). */
const clavePrivada = (semilla: string, extraible = false) => crypto.subtle.importKey(
  'pkcs8', new Uint8Array([...bytesHex('302e020100300506032b657004220420'), ...bytesHex(semilla)]), { name: 'Ed25519' }, extraible, ['sign'],
);
const desdeB64 = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4)), (c) => c.charCodeAt(0));

async function dispositivoDelVector(): Promise<DispositivoFirma> {
  return { codigo: vector.codigo, certificado: vector.certificado, privateKey: await clavePrivada(vector.semilla_dispositivo) };
}

const AHORA = Date.parse('2026-11-26T14:05:00Z');
const CARRITO: CarritoVenta = {
  seccion_id: 3,
  fecha_viaje: '2026-11-27',
  medio_pago_id: 2,
  cliente_nombre: 'Cliente Anónimo',
  cliente_telefono: '',
  observaciones: 'Sin conexión en el muelle',
  lineas: [{ tipo_viaje_id: 1, cantidad: 2 }, { tipo_viaje_id: 2, cantidad: 1 }],
};
const PRECIOS = [
  { seccion_id: 3, tipo_viaje_id: 1, precio: 1500.5 },
  { seccion_id: 3, tipo_viaje_id: 2, precio: 750 },
  { seccion_id: 4, tipo_viaje_id: 1, precio: 99 },
];

async function contexto(cambios: Partial<ContextoVentaSinConexion> = {}): Promise<ContextoVentaSinConexion> {
  return { empresaId: vector.empresa_id, prefijo: vector.prefijo, hoy: '2026-11-26', cajaId: 12, precios: PRECIOS, dispositivo: await dispositivoDelVector(), ...cambios };
}

/** Random bytes that are not random: 0, 1, 2, … across calls. */
function aleatorioFijo() {
  let i = 0;
  return (n: number) => Uint8Array.from({ length: n }, () => i++ % 256);
}

describe('venderSinConexion', () => {
  it('makes, from the shared vector, exactly the sale the Go verifier accepts (internal/domain/vectores_venta_offline_test.go)', async () => {
    almacen.config.set(claveContador(vector.codigo), { clave: claveContador(vector.codigo), valor: { ultimo: 41 }, guardado_en: 0 });
    const venta = await venderSinConexion(CARRITO, await contexto(), { ahora: AHORA, aleatorio: aleatorioFijo() });
    const accion = { ocurrido_en: venta.ocurridoEn, venta: venta.datos };
    if (import.meta.env.ACTUALIZAR_VECTORES) reescribirVector({ ...vector, accion });
    else expect(accion).toEqual(vector.accion);
    expect(venta.datos.pasajes.map((p) => p.numero_pasaje)).toEqual(['ÑA-7K3M-20261126-000042', 'ÑA-7K3M-20261126-000043', 'ÑA-7K3M-20261126-000044']);
  });

  it('signs each ticket as the server checks it: certificate by the company key, code by the certified device key', async () => {
    const venta = await venderSinConexion(CARRITO, await contexto(), { ahora: AHORA });
    const empresa = await crypto.subtle.exportKey('jwk', await clavePrivada(vector.semilla_empresa, true));
    const pubEmpresa = await crypto.subtle.importKey('raw', desdeB64(empresa.x!), { name: 'Ed25519' }, false, ['verify']);
    expect(venta.pasajes).toHaveLength(3);
    for (const [i, p] of venta.pasajes.entries()) {
      // the short form: no certificate (the register's), a QR a 58 mm printer draws
      const [prefijo, payload, firma, ...resto] = p.codigo_qr.split('.');
      expect(prefijo).toBe('MUELLE2');
      expect(resto).toEqual([]);
      expect(p.codigo_qr.length).toBeLessThan(300);
      expect(payload + firma).toMatch(/^[A-Za-z0-9_-]+$/); // base64url without padding, as Go's RawURLEncoding reads it
      const [, certPayload, certFirma] = vector.certificado.split('.');
      expect(await crypto.subtle.verify('Ed25519', pubEmpresa, desdeB64(certFirma), new TextEncoder().encode(`MUELLEDISP1.${certPayload}`))).toBe(true);
      const { k } = JSON.parse(new TextDecoder().decode(desdeB64(certPayload))) as { k: string };
      const pubDispositivo = await crypto.subtle.importKey('raw', desdeB64(k), { name: 'Ed25519' }, false, ['verify']);
      expect(await crypto.subtle.verify('Ed25519', pubDispositivo, desdeB64(firma), new TextEncoder().encode(`MUELLE2.${payload}`))).toBe(true);
      const carga = JSON.parse(new TextDecoder().decode(desdeB64(payload)));
      expect(carga).toEqual({
        e: vector.empresa_id, n: p.numero_pasaje, f: '2026-11-27', d: '7K3M', s: 3, t: [1, 1, 2][i], p: [150050, 150050, 75000][i],
        r: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
      expect(venta.datos.pasajes[i]).toEqual({ tipo_viaje_id: carga.t, precio: carga.p / 100, numero_pasaje: p.numero_pasaje, codigo_qr: p.codigo_qr });
    }
    expect(venta.total).toBe(375100);
    expect(venta.datos).toMatchObject({ caja_id: 12, seccion_id: 3, fecha_viaje: '2026-11-27', medio_pago_id: 2, cliente_nombre: 'Cliente Anónimo', observaciones: 'Sin conexión en el muelle' });
    expect(venta.datos).not.toHaveProperty('cliente_telefono'); // empty fields are left out
    expect(new Set(venta.pasajes.map((p) => JSON.parse(new TextDecoder().decode(desdeB64(p.codigo_qr.split('.')[1]))).r)).size).toBe(3);
  });

  it('makes codes the offline validator of another phone boards (lib/offline/verificar, with the company key and its cached certificates)', async () => {
    const venta = await venderSinConexion(CARRITO, await contexto(), { ahora: AHORA });
    const { x: claveEmpresa } = await crypto.subtle.exportKey('jwk', await clavePrivada(vector.semilla_empresa, true));
    for (const p of venta.pasajes) {
      // the other phone holds this device's certificate in its cache of the company's register
      const certificadoDe = (codigo: string) => (codigo === vector.codigo ? vector.certificado : undefined);
      expect(await verificarCodigo(claveEmpresa!, vector.empresa_id, p.codigo_qr, new Date(AHORA + 3_600_000), certificadoDe)).toMatchObject({
        valido: true, familia: 'MUELLE2', certificado: { d: vector.codigo }, carga: { n: p.numero_pasaje, p: p.precio },
      });
    }
  });

  it("prints each ticket's QR with its short code, under 300 characters (a 58 mm printer's QR), not the certificate", async () => {
    const venta = await venderSinConexion(CARRITO, await contexto(), { ahora: AHORA });
    const tickets = venta.pasajes.map((p) => ({
      empresa: 'Lanchas del Delta', numero_pasaje: p.numero_pasaje, cliente: 'Cliente Anónimo', seccion: 'Tigre', tipo_viaje: 'General',
      fecha_viaje: '27/11/2026', precio: '$ 1.500,50', medio_pago: 'Efectivo', vendedor: 'Vera', fecha_venta: '26/11/2026 11:05', codigo_qr: p.codigo_qr,
    }));
    const escritos = vi.spyOn(BrowserQRCodeSvgWriter.prototype, 'write');
    await imprimirPasajesSinConexion(tickets, { ...CONFIG_POR_DEFECTO, paperSize: '58mm' });
    const textos = escritos.mock.calls.map(([texto]) => texto);
    expect(textos).toEqual(venta.pasajes.map((p) => p.codigo_qr));
    for (const texto of textos) {
      expect(texto).toMatch(/^MUELLE2\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      expect(texto.length).toBeLessThan(300);
    }
    expect(impreso.html).toContain('size: 58mm 160mm');
    expect(impreso.html).not.toContain('MUELLEDISP1');
    // a coarser QR than the long form's (with the certificate): bigger modules in the same 40 mm square
    const modulo = (svg: string) => Number(/<rect [^>]*width="(\d+)"/.exec(svg)?.[1]);
    const qrs = Array.from(new DOMParser().parseFromString(impreso.html, 'text/html').querySelectorAll('.qr svg'), (q) => q.outerHTML);
    expect(qrs).toHaveLength(3);
    const largo = new BrowserQRCodeSvgWriter().write(`${textos[0]}.${vector.certificado}`, 320, 320,
      new Map([[EncodeHintType.ERROR_CORRECTION, 'M']])).outerHTML;
    expect(modulo(qrs[0])).toBeGreaterThan(modulo(largo));
    escritos.mockRestore();
  });

  it('queues the departure chosen before the link dropped, for the server to take its seats at sync', async () => {
    const venta = await venderSinConexion({ ...CARRITO, salida_id: 77 }, await contexto(), { ahora: AHORA });
    expect(venta.datos.salida_id).toBe(77);
    expect((await venderSinConexion({ ...CARRITO, salida_id: null }, await contexto(), { ahora: AHORA })).datos).not.toHaveProperty('salida_id');
  });

  it('advances the counter, committed, before it queues the sale; the next sale goes on from there', async () => {
    const ctx = await contexto();
    const primera = await venderSinConexion(CARRITO, ctx, { ahora: AHORA });
    const segunda = await venderSinConexion({ ...CARRITO, lineas: [{ tipo_viaje_id: 2, cantidad: 2 }] }, ctx, { ahora: AHORA + 1000 });
    expect(almacen.orden).toEqual(['contador {"ultimo":3}', 'encolar venta', 'contador {"ultimo":5}', 'encolar venta']);
    expect(primera.pasajes.map((p) => p.numero_pasaje.slice(-6))).toEqual(['000001', '000002', '000003']);
    expect(segunda.pasajes.map((p) => p.numero_pasaje)).toEqual(['ÑA-7K3M-20261126-000004', 'ÑA-7K3M-20261126-000005']);
    expect(almacen.cola).toEqual([
      { tipo: 'venta', datos: primera.datos, ocurrido_en: AHORA },
      { tipo: 'venta', datos: segunda.datos, ocurrido_en: AHORA + 1000 },
    ]);
    expect(primera.accionId).not.toBe(segunda.accionId);
  });

  it.each([
    ['more than 50 tickets', { ...CARRITO, lineas: [{ tipo_viaje_id: 1, cantidad: 50 }, { tipo_viaje_id: 2, cantidad: 1 }] }, {}, MSG_SIN_CONEXION.muchosPasajes],
    ['a trip type without a cached price', { ...CARRITO, lineas: [{ tipo_viaje_id: 9, cantidad: 1 }] }, {}, MSG_SIN_CONEXION.sinPrecio],
    ['another company', CARRITO, { empresaId: 8 }, MSG_SIN_CONEXION.otraEmpresa],
  ] as const)('refuses %s without taking numbers or queuing', async (_caso, carrito, cambios, mensaje) => {
    await expect(venderSinConexion(carrito, await contexto(cambios), { ahora: AHORA })).rejects.toThrow(mensaje);
    expect(almacen.orden).toEqual([]);
  });

  it('refuses an expired certificate and one that is not this device\'s', async () => {
    await expect(venderSinConexion(CARRITO, await contexto(), { ahora: Date.parse('2027-11-02T00:00:00Z') })).rejects.toThrow(MSG_SIN_CONEXION.vencido);
    const ajeno = { ...(await dispositivoDelVector()), codigo: 'ZZZZ' };
    await expect(venderSinConexion(CARRITO, await contexto({ dispositivo: ajeno }), { ahora: AHORA })).rejects.toThrow(MSG_SIN_CONEXION.certificado);
    const roto = { ...(await dispositivoDelVector()), certificado: 'MUELLEDISP1.no-es-json.firma' };
    await expect(venderSinConexion(CARRITO, await contexto({ dispositivo: roto }), { ahora: AHORA })).rejects.toThrow(MSG_SIN_CONEXION.certificado);
    expect(almacen.orden).toEqual([]);
  });
});

describe('base64url', () => {
  it('is what Go\'s RawURLEncoding writes', () => {
    expect(base64url(new TextEncoder().encode('{"n":"ÑA"}?>'))).toBe('eyJuIjoiw5FBIn0_Pg');
  });
});
