import { describe, expect, it } from 'vitest';
import type { EmbarqueEnCola, PasajeLocal } from '@/lib/offline/db';
import vectores from '@/lib/offline/vectores.json';
import { salida } from '@/testing/handlers/salidas';
import {
  MENSAJE_MOTIVO, MSG_CANCELADO, MSG_EMBARQUE_OFFLINE, MSG_FALTA_IDA, MSG_NO_ENCONTRADO, MSG_NUMERO_NO_GUARDADO, MSG_SIN_CLAVE,
  MSG_YA_EMBARCADO, MSG_YA_EMBARCADO_AQUI, numeroPasajeEscrito, validarSinConexion, type AlmacenPasajes, type ContextoOffline,
} from './validacionOffline';

const vector = (nombre: string) => vectores.codigos.find((v) => v.nombre === nombre)!;
const MUELLE1 = vector('muelle1 válido');
const MUELLE2 = vector('muelle2 válido');
const AHORA = Date.parse(MUELLE1.momento);
const CLAVES = { claveEmpresa: vectores.clave_empresa, empresaId: vectores.empresa_id };
/** The company's device certificates as the phone caches them (GET /dispositivos/certificados): the vectors' register. */
const REGISTRO = new Map(vectores.dispositivos.map((d) => [d.codigo, d.certificado]));
const CERTIFICADOS = (codigo: string) => REGISTRO.get(codigo);

/**
 * The phone's stored tickets in a map; `embarcar` does what the Dexie one does and records the act it would
 * queue, after `enColaAntes` (acts queued before, by the departure they boarded into).
 */
function almacen(pasajes: PasajeLocal[] = [], enColaAntes: EmbarqueEnCola[] = []) {
  const guardados = new Map(pasajes.map((p) => [p.numero_pasaje, { ...p }]));
  const cola: (EmbarqueEnCola & { ocurrido_en: number })[] = [];
  const a: AlmacenPasajes = {
    porCodigo: async (codigo) => [...guardados.values()].find((p) => p.codigo_qr === codigo),
    porNumero: async (numero) => guardados.get(numero),
    embarcar: async (marcado, acto, ahora) => {
      guardados.set(marcado.numero_pasaje, marcado);
      cola.push({ ...acto, ocurrido_en: ahora });
    },
    enCola: async (salidaId) => [...enColaAntes, ...cola].filter((e) => e.salida_id === salidaId).length,
  };
  return { a, guardados, cola };
}

const guardado = (extra: Partial<PasajeLocal> = {}): PasajeLocal => ({
  numero_pasaje: 'LD-20261126-000042', codigo_qr: MUELLE1.texto.trim(), fecha_viaje: '2026-11-26', estado: 'activo',
  cliente_nombre: 'Juana Gómez', seccion_nombre: 'Tigre – Tres Bocas', tipo_viaje_nombre: 'Jubilado', guardado_en: AHORA - 60_000, ...extra,
});

const ctx = (a: AlmacenPasajes, extra: Partial<ContextoOffline> = {}): ContextoOffline => ({ claves: CLAVES, hoy: '2026-11-26', ahora: AHORA, almacen: a, ...extra });

describe('validarSinConexion', () => {
  it('boards a stored ticket with its data, queues it with the scan time, and refuses a second scan on this phone', async () => {
    const { a, guardados, cola } = almacen([guardado()]);
    const r = await validarSinConexion(`  ${MUELLE1.texto} `, false, ctx(a));
    expect(r).toEqual({
      tipo: 'exitoOffline', mensaje: MSG_EMBARQUE_OFFLINE,
      embarque: { numero_pasaje: 'LD-20261126-000042', fecha_viaje: '2026-11-26', cliente_nombre: 'Juana Gómez',
        seccion_nombre: 'Tigre – Tres Bocas', tipo_viaje_nombre: 'Jubilado', embarcado_en: AHORA, conocido: true },
    });
    expect(cola).toEqual([{ codigo: MUELLE1.texto.trim(), tramo: 'ida', ocurrido_en: AHORA }]);
    expect(guardados.get('LD-20261126-000042')?.embarcado_en).toBe(AHORA);

    const otra = await validarSinConexion(MUELLE1.texto, false, ctx(a, { ahora: AHORA + 90_000 }));
    expect(otra).toEqual({
      tipo: 'rechazo', mensaje: MSG_YA_EMBARCADO_AQUI,
      previo: { motivo: 'ya_embarcado', numero_pasaje: 'LD-20261126-000042', fecha_viaje: '2026-11-26', fecha_embarque: new Date(AHORA).toISOString() },
    });
    expect(cola).toHaveLength(1);
  });

  it('refuses a cancelled ticket and one the server had boarded, queueing nothing', async () => {
    const cancelado = almacen([guardado({ estado: 'cancelado' })]);
    expect(await validarSinConexion(MUELLE1.texto, false, ctx(cancelado.a))).toEqual({ tipo: 'rechazo', mensaje: MSG_CANCELADO, previo: null });
    expect(cancelado.cola).toEqual([]);

    const usado = almacen([guardado({ estado: 'usado', fecha_embarque: '2026-11-26T11:00:00Z' })]);
    expect(await validarSinConexion(MUELLE1.texto, false, ctx(usado.a))).toMatchObject({
      tipo: 'rechazo', mensaje: MSG_YA_EMBARCADO, previo: { numero_pasaje: 'LD-20261126-000042', fecha_embarque: '2026-11-26T11:00:00Z' },
    });
    expect(usado.cola).toEqual([]);
  });

  it('accepts by its signature a valid ticket the phone does not have (a MUELLE2 one sold offline), and keeps it boarded', async () => {
    const { a, guardados, cola } = almacen();
    const r = await validarSinConexion(MUELLE2.texto, false, ctx(a));
    expect(r).toMatchObject({ tipo: 'exitoOffline', embarque: { numero_pasaje: 'LD-K7Q2-20261126-3', conocido: false, embarcado_en: AHORA } });
    expect(cola).toEqual([{ codigo: MUELLE2.texto, tramo: 'ida', ocurrido_en: AHORA }]);
    expect(guardados.get('LD-K7Q2-20261126-3')).toMatchObject({ codigo_qr: MUELLE2.texto, estado: 'activo', embarcado_en: AHORA });
    expect(await validarSinConexion(MUELLE2.texto, false, ctx(a))).toMatchObject({ tipo: 'rechazo', mensaje: MSG_YA_EMBARCADO_AQUI });
  });

  it('refuses forged, tampered and foreign codes with the reason, queueing nothing', async () => {
    const { a, cola } = almacen();
    const casos: [string, string][] = [
      ['muelle1 con firma falsificada', MENSAJE_MOTIVO.codigo],
      ['muelle1 con la carga alterada', MENSAJE_MOTIVO.codigo],
      ['muelle1 de otra empresa con su clave', MENSAJE_MOTIVO.otra_empresa],
      ['muelle2 con el certificado vencido', MENSAJE_MOTIVO.certificado_vencido],
      ['muelle2 con el certificado de otra empresa', MENSAJE_MOTIVO.certificado_otra_empresa],
      ['muelle2 firmado por otro dispositivo', MENSAJE_MOTIVO.codigo],
    ];
    for (const [nombre, mensaje] of casos) {
      expect(await validarSinConexion(vector(nombre).texto, false, ctx(a))).toEqual({ tipo: 'rechazo', mensaje, previo: null });
    }
    expect(cola).toEqual([]);
  });

  it('boards a short MUELLE2 code by its signature with its device certificate cached on the phone', async () => {
    const corto = vector('muelle2 corto válido');
    expect(corto.texto.length).toBeLessThan(300);
    const { a, guardados, cola } = almacen();
    const r = await validarSinConexion(corto.texto, false, ctx(a, { certificadoDe: CERTIFICADOS }));
    expect(r).toMatchObject({ tipo: 'exitoOffline', embarque: { numero_pasaje: 'LD-K7Q2-20261126-3', conocido: false, embarcado_en: AHORA } });
    expect(cola).toEqual([{ codigo: corto.texto, tramo: 'ida', ocurrido_en: AHORA }]);
    expect(guardados.get('LD-K7Q2-20261126-3')).toMatchObject({ codigo_qr: corto.texto, embarcado_en: AHORA });
    // the long form of a receipt printed before needs no cache
    const { a: sinCache, cola: colaLargo } = almacen();
    expect(await validarSinConexion(MUELLE2.texto, false, ctx(sinCache, { certificadoDe: null }))).toMatchObject({ tipo: 'exitoOffline' });
    expect(colaLargo).toHaveLength(1);
  });

  it('does not board a short code whose device the cache does not hold, saying to validate it online', async () => {
    const corto = vector('muelle2 corto válido');
    // none cached, the ticket stored or not; a device of the cache under another code
    for (const [pasajes, certificadoDe] of [
      [[], null], [[guardado({ numero_pasaje: 'LD-K7Q2-20261126-3', codigo_qr: corto.texto })], undefined], [[], () => undefined],
    ] as const) {
      const { a, guardados, cola } = almacen([...pasajes]);
      expect(await validarSinConexion(corto.texto, false, ctx(a, { certificadoDe }))).toEqual({
        tipo: 'rechazo', mensaje: 'No se puede verificar sin conexión: dispositivo desconocido. Valide el pasaje con conexión.', previo: null,
      });
      expect(cola).toEqual([]);
      expect([...guardados.values()].some((p) => p.embarcado_en !== undefined)).toBe(false);
    }
    const { a, cola } = almacen();
    const casos: [string, string][] = [
      ['muelle2 corto de un dispositivo desconocido', MENSAJE_MOTIVO.dispositivo_desconocido],
      ['muelle2 corto con el certificado vencido', MENSAJE_MOTIVO.certificado_vencido],
      ['muelle2 corto de otra empresa', MENSAJE_MOTIVO.otra_empresa],
      ['muelle2 corto con la firma alterada', MENSAJE_MOTIVO.codigo],
      ['muelle2 corto firmado por otro dispositivo', MENSAJE_MOTIVO.codigo],
    ];
    for (const [nombre, mensaje] of casos) {
      expect(await validarSinConexion(vector(nombre).texto, false, ctx(a, { certificadoDe: CERTIFICADOS }))).toEqual({ tipo: 'rechazo', mensaje, previo: null });
    }
    expect(cola).toEqual([]);
  });

  it('refuses a validly signed code when the phone has its ticket under another code', async () => {
    const { a, cola } = almacen([guardado({ codigo_qr: 'MUELLE1.otro.codigo' })]);
    expect(await validarSinConexion(MUELLE1.texto, false, ctx(a))).toEqual({ tipo: 'rechazo', mensaje: MSG_NO_ENCONTRADO, previo: null });
    expect(cola).toEqual([]);
  });

  it('asks before boarding a ticket of another day, and boards it once confirmed', async () => {
    const { a, cola } = almacen([guardado()]);
    const r = await validarSinConexion(MUELLE1.texto, false, ctx(a, { hoy: '2026-11-27' }));
    expect(r).toEqual({
      tipo: 'otraFecha', mensaje: 'Pasaje para el 26/11/2026 — ¿embarcar igual?', codigo: MUELLE1.texto.trim(),
      pasaje: { motivo: 'otra_fecha', numero_pasaje: 'LD-20261126-000042', fecha_viaje: '2026-11-26' },
    });
    expect(cola).toEqual([]);
    expect(await validarSinConexion(MUELLE1.texto.trim(), true, ctx(a, { hoy: '2026-11-27' }))).toMatchObject({ tipo: 'exitoOffline' });
    expect(cola).toHaveLength(1);
  });

  it('finds a typed number among the stored tickets only, and queues the ticket\'s code', async () => {
    const { a, cola } = almacen([guardado()]);
    expect(await validarSinConexion('ld 20261126 000042', false, ctx(a))).toMatchObject({ tipo: 'exitoOffline', embarque: { conocido: true } });
    expect(cola).toEqual([{ codigo: MUELLE1.texto.trim(), tramo: 'ida', ocurrido_en: AHORA }]);
    expect(await validarSinConexion('LD-20261126-000099', false, ctx(a))).toEqual({ tipo: 'rechazo', mensaje: MSG_NUMERO_NO_GUARDADO, previo: null });
  });

  it('without the company key, boards only a code stored exactly as the server gave it', async () => {
    const { a, cola } = almacen([guardado()]);
    const sinClave = ctx(a, { claves: null });
    expect(await validarSinConexion(MUELLE2.texto, false, sinClave)).toEqual({ tipo: 'rechazo', mensaje: MSG_SIN_CLAVE, previo: null });
    expect(await validarSinConexion(MUELLE1.texto, false, sinClave)).toMatchObject({ tipo: 'exitoOffline' });
    expect(cola).toHaveLength(1);
  });
});

const CODIGO = MUELLE1.texto.trim();
/** A round trip the server had boarded outbound before the link dropped. */
const idaYVuelta = (extra: Partial<PasajeLocal> = {}) =>
  guardado({ ida_y_vuelta: true, vuelta_hasta: '2026-11-30', estado: 'usado', fecha_embarque: '2026-11-26T11:00:00Z', ...extra });

describe('validarSinConexion into a departure', () => {
  it('boards into the departure with its id and direction, and refuses once the count reaches the capacity', async () => {
    const lancha = salida(7, '10:30', 'embarcando', { capacidad: 2, embarcados: 1 });
    const { a, cola } = almacen([guardado(), guardado({ numero_pasaje: 'LD-20261126-000043', codigo_qr: 'MUELLE1.otro' })]);
    expect(await validarSinConexion(MUELLE1.texto, false, ctx(a, { salida: lancha }))).toMatchObject({ tipo: 'exitoOffline' });
    expect(cola).toEqual([{ codigo: CODIGO, salida_id: 7, tramo: 'ida', ocurrido_en: AHORA }]);

    // 1 on board when last read + 1 boarded here = the boat's 2
    expect(await validarSinConexion('LD-20261126-000043', false, ctx(a, { salida: lancha }))).toEqual({
      tipo: 'rechazo', mensaje: 'Embarcación completa: capacidad habilitada 2 pasajeros', previo: null,
    });
    expect(cola).toHaveLength(1);
  });

  it("counts this phone's queued boardings into the departure (not another's) with its last known count", async () => {
    const lancha = salida(7, '10:30', 'embarcando', { capacidad: 3, embarcados: 1 });
    const antes = [{ codigo: 'A', salida_id: 7 }, { codigo: 'B', salida_id: 7 }, { codigo: 'C', salida_id: 8 }, { codigo: 'D' }];
    const lleno = almacen([guardado()], antes);
    expect(await validarSinConexion(MUELLE1.texto, false, ctx(lleno.a, { salida: lancha }))).toMatchObject({
      tipo: 'rechazo', mensaje: 'Embarcación completa: capacidad habilitada 3 pasajeros',
    });
    const conLugar = almacen([guardado()], antes.slice(1));
    expect(await validarSinConexion(MUELLE1.texto, false, ctx(conLugar.a, { salida: lancha }))).toMatchObject({ tipo: 'exitoOffline' });
  });

  it("refuses a ticket of another section than the departure's (its stored section, or a MUELLE2 code's)", async () => {
    const otra = salida(7, '10:30', 'embarcando', { seccion_id: 2, seccion: 'Tigre – Río Capitán' });
    const { a, cola } = almacen([guardado({ seccion_id: 1 })]);
    expect(await validarSinConexion(MUELLE1.texto, false, ctx(a, { salida: otra }))).toEqual({
      tipo: 'rechazo', previo: null,
      mensaje: 'El pasaje es de la sección Tigre – Tres Bocas y la salida, de Tigre – Río Capitán: elija una salida de su sección',
    });
    const s = (JSON.parse(atob(MUELLE2.texto.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { s: number }).s;
    expect(await validarSinConexion(MUELLE2.texto, false, ctx(a, { salida: { ...otra, seccion_id: s + 1 } }))).toMatchObject({
      tipo: 'rechazo', mensaje: 'El pasaje es de otra sección que la salida (Tigre – Río Capitán): elija una salida de su sección',
    });
    expect(await validarSinConexion(MUELLE2.texto, false, ctx(a, { salida: { ...otra, seccion_id: s } }))).toMatchObject({ tipo: 'exitoOffline' });
    expect(cola).toHaveLength(1);
  });

  it('refuses into a departure that sailed or was cancelled (last known), before the ticket', async () => {
    const { a, cola } = almacen([guardado()]);
    expect(await validarSinConexion(MUELLE1.texto, false, ctx(a, { salida: salida(7, '10:30', 'zarpo') }))).toMatchObject({
      tipo: 'rechazo', mensaje: 'La salida de las 10:30 ya zarpó: elija otra salida',
    });
    expect(await validarSinConexion(MUELLE1.texto, false, ctx(a, { salida: salida(7, '10:30', 'cancelada') }))).toMatchObject({
      tipo: 'rechazo', mensaje: 'La salida de las 10:30 fue cancelada: elija otra salida',
    });
    expect(cola).toEqual([]);
  });

  it("boards a round trip's return offline in a 'vuelta' departure, and refuses a second return with its time", async () => {
    const vuelta = salida(9, '18:00', 'embarcando', { sentido: 'vuelta', capacidad: 10, embarcados: 4 });
    const { a, guardados, cola } = almacen([idaYVuelta()]);
    expect(await validarSinConexion(MUELLE1.texto, false, ctx(a, { salida: vuelta }))).toMatchObject({
      tipo: 'exitoOffline', embarque: { numero_pasaje: 'LD-20261126-000042', ida_y_vuelta: true, tramo: 'vuelta', embarcado_en: AHORA },
    });
    expect(cola).toEqual([{ codigo: CODIGO, salida_id: 9, tramo: 'vuelta', ocurrido_en: AHORA }]);
    expect(guardados.get('LD-20261126-000042')).toMatchObject({ embarcado_vuelta_en: AHORA, estado: 'usado' });

    expect(await validarSinConexion(MUELLE1.texto, false, ctx(a, { salida: vuelta, ahora: AHORA + 60_000 }))).toEqual({
      tipo: 'rechazo', mensaje: MSG_YA_EMBARCADO_AQUI,
      previo: { motivo: 'ya_embarcado', numero_pasaje: 'LD-20261126-000042', fecha_viaje: '2026-11-26', fecha_embarque: new Date(AHORA).toISOString() },
    });
    expect(cola).toHaveLength(1);
  });

  it('without a departure boards the outbound leg, then the return, then refuses', async () => {
    const { a, cola } = almacen([idaYVuelta({ estado: 'activo', fecha_embarque: null })]);
    expect(await validarSinConexion(MUELLE1.texto, false, ctx(a))).toMatchObject({ tipo: 'exitoOffline', embarque: { tramo: 'ida' } });
    expect(await validarSinConexion(MUELLE1.texto, false, ctx(a, { ahora: AHORA + 1 }))).toMatchObject({ tipo: 'exitoOffline', embarque: { tramo: 'vuelta' } });
    expect(await validarSinConexion(MUELLE1.texto, false, ctx(a, { ahora: AHORA + 2 }))).toMatchObject({ tipo: 'rechazo', mensaje: MSG_YA_EMBARCADO_AQUI });
    expect(cola.map((e) => e.tramo)).toEqual(['ida', 'vuelta']);
  });

  it("into an 'ida' departure boards only the outbound leg: a second one is 'ya embarcado'", async () => {
    const ida = salida(7, '10:30', 'embarcando');
    const servidor = almacen([idaYVuelta()]);
    expect(await validarSinConexion(MUELLE1.texto, false, ctx(servidor.a, { salida: ida }))).toMatchObject({
      tipo: 'rechazo', mensaje: MSG_YA_EMBARCADO, previo: { fecha_embarque: '2026-11-26T11:00:00Z' },
    });
    const aqui = almacen([idaYVuelta({ estado: 'activo', fecha_embarque: null })]);
    expect(await validarSinConexion(MUELLE1.texto, false, ctx(aqui.a, { salida: ida }))).toMatchObject({ tipo: 'exitoOffline' });
    expect(await validarSinConexion(MUELLE1.texto, false, ctx(aqui.a, { salida: ida }))).toMatchObject({ tipo: 'rechazo', mensaje: MSG_YA_EMBARCADO_AQUI });
    expect([...servidor.cola, ...aqui.cola]).toHaveLength(1);
  });

  it("refuses a round trip's return before its outbound leg, a return past its last day, one the server boarded; a one-way ticket boards either way", async () => {
    const vuelta = salida(9, '18:00', 'embarcando', { sentido: 'vuelta' });
    const sinIda = almacen([idaYVuelta({ estado: 'activo', fecha_embarque: null })]);
    expect(await validarSinConexion(MUELLE1.texto, false, ctx(sinIda.a, { salida: vuelta }))).toMatchObject({ tipo: 'rechazo', mensaje: MSG_FALTA_IDA });
    const vencida = almacen([idaYVuelta({ vuelta_hasta: '2026-11-25' })]);
    expect(await validarSinConexion(MUELLE1.texto, false, ctx(vencida.a, { salida: vuelta }))).toMatchObject({
      tipo: 'rechazo', mensaje: 'La vuelta de este pasaje podía embarcar hasta el 25/11/2026',
    });
    const yaVolvio = almacen([idaYVuelta({ fecha_embarque_vuelta: '2026-11-26T19:00:00Z' })]);
    expect(await validarSinConexion(MUELLE1.texto, false, ctx(yaVolvio.a, { salida: vuelta }))).toMatchObject({
      tipo: 'rechazo', mensaje: MSG_YA_EMBARCADO, previo: { fecha_embarque: '2026-11-26T19:00:00Z' },
    });
    const soloIda = almacen([guardado()]);
    expect(await validarSinConexion(MUELLE1.texto, false, ctx(soloIda.a, { salida: vuelta }))).toMatchObject({ tipo: 'exitoOffline' });
    expect(soloIda.cola).toEqual([{ codigo: CODIGO, salida_id: 9, tramo: 'vuelta', ocurrido_en: AHORA }]);
    expect([...sinIda.cola, ...vencida.cola, ...yaVolvio.cola]).toEqual([]);
  });
});

describe('numeroPasajeEscrito', () => {
  it('reads a typed number as the server writes it (domain.NumeroPasajeEscrito)', () => {
    expect(numeroPasajeEscrito('ld20261122000042')).toBe('LD-20261122-000042');
    expect(numeroPasajeEscrito(' LD 20261122 000042 ')).toBe('LD-20261122-000042');
    expect(numeroPasajeEscrito('LD-20261122-1000042')).toBe('LD-20261122-1000042');
    expect(numeroPasajeEscrito('ld-k7q2-20261126-3')).toBe('LD-K7Q2-20261126-3');
    expect(numeroPasajeEscrito('LD-02611220-00042')).toBe('LD-02611220-00042');
  });
});
