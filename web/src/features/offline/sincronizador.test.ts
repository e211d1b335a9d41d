import { afterEach, beforeEach, describe, expect, expectTypeOf, it, onTestFinished, vi } from 'vitest';
import type { Schema } from '@/api/contract';
import { enviarLote } from '@/api/sincronizacion';
import { accionOffline, colaEnMemoria, ponerEnCola, ventaOffline } from '@/testing/colaOffline';
import { makeDispositivoLocal, makeRegistro } from '@/testing/handlers/dispositivos';
import { mockSync } from '@/testing/handlers/sincronizacion';
import { notifyError, notifySuccess, notifyWarning } from '@/lib/notify';
import {
  avisarResumen, CERROJO_SYNC, desfaseAAvisar, iniciarSincronizador, MAX_BYTES_LOTE, MSG_SIN_DISPOSITIVO, reiniciarTope, sincronizar,
} from '@/lib/offline/sincronizador';
import type { DatosAccion } from '@/lib/offline/db';

// jsdom has no IndexedDB: the queue lives in memory with the same rules (testing/colaOffline).
vi.mock('@/lib/offline/cola', async () => (await import('@/testing/colaOffline')).colaEnMemoria);
const registro = vi.hoisted(() => ({ actual: null as null | { certificado: string; keyPair: CryptoKeyPair } }));
/** This device's registration: its key pair signs every batch. */
const local = await makeDispositivoLocal();
vi.mock('@/lib/dispositivo', async (original) => ({
  ...(await original<typeof import('@/lib/dispositivo')>()),
  dispositivoActual: async () => registro.actual,
}));
vi.mock('@/lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyWarning: vi.fn() }));

const CERTIFICADO = makeRegistro().certificado;

function embarques(n: number) {
  return Array.from({ length: n }, () => accionOffline());
}

describe('sincronizador', () => {
  beforeEach(async () => {
    registro.actual = local;
    ponerEnCola([]);
    reiniciarTope();
  });
  afterEach(() => {
    vi.clearAllMocks();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends the queue in order, in batches of at most 100, with the certificate, and removes what was applied', async () => {
    const cola = embarques(150);
    ponerEnCola(cola);
    const lotes = mockSync();

    const resumen = await sincronizar(enviarLote);

    expect(lotes.map((l) => l.acciones.length)).toEqual([100, 50]);
    expect(lotes.flatMap((l) => l.acciones.map((a) => a.id))).toEqual(cola.map((a) => a.id));
    expect(lotes[0].certificado).toBe(CERTIFICADO);
    expect(lotes[0].acciones[0]).toEqual({ id: cola[0].id, tipo: 'embarque', ocurrido_en: cola[0].ocurrido_en, embarque: cola[0].datos });
    expect(Math.abs(lotes[0].reloj - Date.now())).toBeLessThan(5_000);
    // signed by the device's key over the clock and each action's id, kind and moment (domain.MensajeLote)
    const mensaje = `MUELLESYNC1\n${lotes[0].reloj}\n${cola.slice(0, 100).map((x) => `${x.id}|embarque|${x.ocurrido_en}\n`).join('')}`;
    const firma = Uint8Array.from(atob(lotes[0].firma.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    expect(await crypto.subtle.verify('Ed25519', local.keyPair.publicKey, firma, new TextEncoder().encode(mensaje))).toBe(true);
    expect(resumen).toEqual({ sincronizadas: 150, fallidas: 0, pospuestas: 0, conflictos: [], error: null, desfaseMs: 0 });
    expect(await colaEnMemoria.accionesEnCola()).toEqual([]);

    avisarResumen(resumen!);
    expect(notifySuccess).toHaveBeenCalledWith('150 acciones sincronizadas correctamente');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('sends fewer actions when a batch would pass about 900 KB of JSON', async () => {
    const observaciones = 'x'.repeat(200_000);
    const ventas = Array.from({ length: 10 }, () => ventaOffline({ caja_id: 1, observaciones, pasajes: [] }));
    ponerEnCola(ventas);
    const lotes = mockSync();

    await sincronizar(enviarLote);

    expect(lotes.map((l) => l.acciones.length)).toEqual([4, 4, 2]);
    for (const lote of lotes) expect(new TextEncoder().encode(JSON.stringify(lote)).length).toBeLessThan(MAX_BYTES_LOTE);
    expect(lotes[0].acciones[0]).toMatchObject({ tipo: 'venta', venta: { caja_id: 1 } });
    expect(lotes.flatMap((l) => l.acciones.map((a) => a.id))).toEqual(ventas.map((a) => a.id));
  });

  it('removes applied and duplicate actions and keeps a refused one as fallida with its reason', async () => {
    const [aplicada, duplicada, rechazada] = embarques(3);
    ponerEnCola([aplicada, duplicada, rechazada]);
    const motivo = 'El pasaje estaba cancelado: el embarque queda como conflicto para el supervisor';
    mockSync({
      desfaseMs: 1_500,
      responder: (a) => (a.id === rechazada.id ? { estado: 'rechazada', mensaje: motivo }
        : { estado: a.id === duplicada.id ? 'duplicada' : 'aplicada', mensaje: 'Sincronizada' }),
    });

    const resumen = await sincronizar(enviarLote);

    expect(resumen).toEqual({ sincronizadas: 2, fallidas: 1, pospuestas: 0, conflictos: [], error: null, desfaseMs: 1_500 });
    const cola = await colaEnMemoria.accionesEnCola();
    expect(cola).toHaveLength(1);
    expect(cola[0]).toMatchObject({ id: rechazada.id, estado: 'fallida', motivo, intentos: 1 });
    avisarResumen(resumen!);
    expect(notifySuccess).toHaveBeenCalledWith('2 acciones sincronizadas correctamente');
    expect(notifyError).toHaveBeenCalledWith('1 acción falló al sincronizar');

    // A refused action is not sent again by itself; 'Reintentar' puts it back in line.
    const lotes = mockSync();
    await sincronizar(enviarLote);
    expect(lotes).toHaveLength(0);
    await colaEnMemoria.reintentar(rechazada.id);
    await sincronizar(enviarLote);
    expect(lotes.map((l) => l.acciones.map((a) => a.id))).toEqual([[rechazada.id]]);
    expect(await colaEnMemoria.accionesEnCola()).toEqual([]);
  });

  it('sends a boarding with the departure it boarded into and the leg travelled', async () => {
    const accion = accionOffline({ datos: { codigo: 'MUELLE1.x.y', salida_id: 7, tramo: 'vuelta' } });
    ponerEnCola([accion]);
    const lotes = mockSync();
    await sincronizar(enviarLote);
    expect(lotes[0].acciones[0].embarque).toEqual({ codigo: 'MUELLE1.x.y', salida_id: 7, tramo: 'vuelta' });
  });

  it('holds each action with the data the contract gives its kind, and sends it in the field its kind names', async () => {
    expectTypeOf<DatosAccion<'venta'>>().toEqualTypeOf<Schema<'VentaOffline'>>();
    expectTypeOf<DatosAccion<'embarque'>>().toEqualTypeOf<Schema<'EmbarqueOffline'>>();
    const venta = ventaOffline({ caja_id: 3 });
    const embarque = accionOffline();
    ponerEnCola([venta, embarque]);
    const lotes = mockSync();
    await sincronizar(enviarLote);
    expect(lotes[0].acciones).toEqual([
      { id: venta.id, tipo: 'venta', ocurrido_en: venta.ocurrido_en, venta: venta.datos },
      { id: embarque.id, tipo: 'embarque', ocurrido_en: embarque.ocurrido_en, embarque: embarque.datos },
    ]);
  });

  it("takes an act applied with a conflict (a boarding past the boat's capacity) as done, and toasts the server's message", async () => {
    const [lleno, otra] = embarques(2);
    ponerEnCola([lleno, otra]);
    const motivo = 'La salida de las 10:30 ya tenía su capacidad habilitada completa: el embarque queda como conflicto para el supervisor';
    mockSync({
      responder: (a) => (a.id === lleno.id ? { estado: 'aplicada', mensaje: motivo, conflicto_id: 12 } : { estado: 'aplicada', mensaje: 'Sincronizada' }),
    });

    const resumen = await sincronizar(enviarLote);

    expect(resumen).toEqual({ sincronizadas: 2, fallidas: 0, pospuestas: 0, conflictos: [motivo], error: null, desfaseMs: 0 });
    expect(await colaEnMemoria.accionesEnCola()).toEqual([]);
    avisarResumen(resumen!);
    expect(notifySuccess).toHaveBeenCalledWith('2 acciones sincronizadas correctamente');
    expect(notifyWarning).toHaveBeenCalledExactlyOnceWith(motivo, '1 acción sincronizada con conflicto para el supervisor');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('clears a boarding another phone made first (refused with a conflict for the supervisor) and says who, instead of a failure retried for ever', async () => {
    const [doble, otra] = embarques(2);
    ponerEnCola([doble, otra]);
    const motivo = 'Ya embarcado por Marcos Ruiz (otro teléfono) — aviso enviado al supervisor';
    mockSync({
      responder: (a) => (a.id === doble.id ? { estado: 'rechazada', mensaje: motivo, conflicto_id: 31 } : { estado: 'aplicada', mensaje: 'Sincronizada' }),
    });

    const resumen = await sincronizar(enviarLote);

    expect(resumen).toEqual({ sincronizadas: 1, fallidas: 0, pospuestas: 0, conflictos: [motivo], error: null, desfaseMs: 0 });
    expect(await colaEnMemoria.accionesEnCola()).toEqual([]);
    avisarResumen(resumen!);
    expect(notifyWarning).toHaveBeenCalledExactlyOnceWith(motivo, '1 acción sincronizada con conflicto para el supervisor');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('keeps a boarding refused for now (its sale not synced yet) pending with the reason, and sends it again in a later run', async () => {
    const [espera, otra] = embarques(2);
    ponerEnCola([espera, otra]);
    const motivo = 'El pasaje todavía no llegó al servidor desde el dispositivo que lo vendió: se reintentará';
    const lotes = mockSync({
      responder: (a) => (a.id === espera.id ? { estado: 'rechazada', mensaje: motivo, reintentar: true } : { estado: 'aplicada', mensaje: 'Sincronizada' }),
    });

    // Sent once per run: the run does not loop on it.
    expect(await sincronizar(enviarLote)).toEqual({ sincronizadas: 1, fallidas: 0, pospuestas: 1, conflictos: [], error: null, desfaseMs: 0 });
    expect(await colaEnMemoria.accionesEnCola()).toEqual([expect.objectContaining({ id: espera.id, estado: 'pendiente', motivo, intentos: 1 })]);
    avisarResumen({ sincronizadas: 0, fallidas: 0, pospuestas: 1, conflictos: [], error: null, desfaseMs: 0 });
    expect(notifyError).not.toHaveBeenCalled();

    // The sale synced meanwhile: the next run applies it.
    const despues = mockSync();
    await sincronizar(enviarLote);
    expect(lotes.map((l) => l.acciones.length)).toEqual([2]);
    expect(despues.map((l) => l.acciones.map((a) => a.id))).toEqual([[espera.id]]);
    expect(await colaEnMemoria.accionesEnCola()).toEqual([]);
  });

  it('sends an upload that was cut off again, and never leaves it stuck', async () => {
    const cola = embarques(2);
    ponerEnCola(cola);
    mockSync({ sinRespuesta: true });

    const cortada = await sincronizar(enviarLote);

    expect(cortada).toMatchObject({ sincronizadas: 0, error: 'No se pudo contactar al servidor: se reintentará' });
    expect((await colaEnMemoria.accionesEnCola()).map((a) => [a.estado, a.intentos])).toEqual([['pendiente', 1], ['pendiente', 1]]);

    const lotes = mockSync();
    expect(await sincronizar(enviarLote)).toMatchObject({ sincronizadas: 2, error: null });
    // after the cut, half a batch at a time (one action), then back up
    expect(lotes.map((l) => l.acciones.map((a) => a.id))).toEqual(cola.map((a) => [a.id]));
    expect(await colaEnMemoria.accionesEnCola()).toEqual([]);
  });

  it('halves the batch after each upload cut off (a slow link), and grows it back after an answer', async () => {
    const cola = embarques(120);
    ponerEnCola(cola);
    const cortados = mockSync({ sinRespuesta: true });
    await sincronizar(enviarLote);
    await sincronizar(enviarLote);
    expect(cortados.map((l) => l.acciones.length)).toEqual([100, 50]);

    const lotes = mockSync();
    await sincronizar(enviarLote);
    // 25, then 50, then the 45 left: in order, each action once.
    expect(lotes.map((l) => l.acciones.length)).toEqual([25, 50, 45]);
    expect(lotes.flatMap((l) => l.acciones.map((a) => a.id))).toEqual(cola.map((a) => a.id));
  });

  it('takes over an upload a closed tab left enviando, but not one another tab is sending now', async () => {
    const huerfana = accionOffline({ estado: 'enviando', enviando_desde: Date.now() - 5 * 60_000, intentos: 1 });
    const enVuelo = accionOffline({ estado: 'enviando', enviando_desde: Date.now() - 2_000, intentos: 1 });
    ponerEnCola([huerfana, enVuelo]);
    const lotes = mockSync();

    await sincronizar(enviarLote);

    expect(lotes.map((l) => l.acciones.map((a) => a.id))).toEqual([[huerfana.id]]);
    expect((await colaEnMemoria.accionesEnCola()).map((a) => a.id)).toEqual([enVuelo.id]);
  });

  it('keeps a batch whose certificate the server refuses pending, with the reason to show', async () => {
    const cola = embarques(3);
    ponerEnCola(cola);
    mockSync({ rechazarLote: 'El certificado del dispositivo no está vigente' });

    const resumen = await sincronizar(enviarLote);

    expect(resumen).toEqual({ sincronizadas: 0, fallidas: 0, pospuestas: 0, conflictos: [], error: 'El certificado del dispositivo no está vigente', desfaseMs: null });
    expect((await colaEnMemoria.accionesEnCola()).map((a) => a.estado)).toEqual(['pendiente', 'pendiente', 'pendiente']);
    avisarResumen(resumen!);
    expect(notifyError).toHaveBeenCalledWith('El certificado del dispositivo no está vigente', 'Error sincronizando datos offline');
  });

  it('sends nothing without a registered device and keeps the queue', async () => {
    registro.actual = null;
    ponerEnCola(embarques(1));
    const lotes = mockSync();

    expect(await sincronizar(enviarLote)).toMatchObject({ error: MSG_SIN_DISPOSITIVO });
    expect(lotes).toHaveLength(0);
    expect((await colaEnMemoria.accionesEnCola())[0].estado).toBe('pendiente');
  });

  it('runs once when two runs start together: each action reaches the server once', async () => {
    const cola = embarques(3);
    ponerEnCola(cola);
    const lotes = mockSync();

    const [a, b] = await Promise.all([sincronizar(enviarLote), sincronizar(enviarLote)]);

    expect([a, b].filter((r) => r === null)).toHaveLength(1);
    expect(lotes.flatMap((l) => l.acciones.map((x) => x.id))).toEqual(cola.map((x) => x.id));
  });

  it('holds the Web Lock muelle-sync: a tab that finds it taken sends nothing; the holder settles a closed tab’s upload', async () => {
    const tomados = new Set<string>();
    const pedidos: string[] = [];
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), {
      locks: {
        request: async (nombre: string, _op: { ifAvailable: boolean }, fn: (lock: object | null) => Promise<unknown>) => {
          pedidos.push(nombre);
          if (tomados.has(nombre)) return fn(null);
          tomados.add(nombre);
          try {
            return await fn({ name: nombre });
          } finally {
            tomados.delete(nombre);
          }
        },
      },
    }));
    // Holding the lock, an action enviando (even a recent one) is a run's that ended: it goes again.
    const cola = [accionOffline({ estado: 'enviando', enviando_desde: Date.now() - 1_000, intentos: 1 }), ...embarques(2)];
    ponerEnCola(cola);
    const lotes = mockSync();

    const [a, b] = await Promise.all([sincronizar(enviarLote), sincronizar(enviarLote)]);

    expect(pedidos).toEqual([CERROJO_SYNC, CERROJO_SYNC]);
    expect(b).toBeNull();
    expect(a).toMatchObject({ sincronizadas: 3 });
    expect(lotes.flatMap((l) => l.acciones.map((x) => x.id))).toEqual(cola.map((x) => x.id));
  });

  it('keeps the clock offset the server measured; over 2 minutes it is worth a warning', async () => {
    ponerEnCola(embarques(1));
    mockSync({ desfaseMs: -5 * 60_000 });

    await sincronizar(enviarLote);

    expect(await colaEnMemoria.leerDesfase()).toBe(-300_000);
    expect(desfaseAAvisar(-300_000)).toBe(-300_000);
    expect(desfaseAAvisar(119_000)).toBeNull();
    expect(desfaseAAvisar(null)).toBeNull();
  });

  it('starts 1 s after the link returns, when started with actions waiting, and every 30 s while they wait', async () => {
    vi.useFakeTimers();
    // the signature settles on the fake clock (WebCrypto's own runs on the real one)
    const firmar = vi.spyOn(crypto.subtle, 'sign').mockResolvedValue(new ArrayBuffer(64));
    onTestFinished(() => firmar.mockRestore());
    const enviar = vi.fn(async (lote: { acciones: { id: string }[] }) => ({
      desfase_ms: 0, resultados: lote.acciones.map((a) => ({ id: a.id, estado: 'aplicada' as const, mensaje: 'Sincronizada' })),
    }));
    ponerEnCola(embarques(1));
    const alTerminar = vi.fn();
    const detener = iniciarSincronizador(enviar, alTerminar);

    await vi.advanceTimersByTimeAsync(900);
    expect(enviar).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(enviar).toHaveBeenCalledTimes(1);
    expect(notifySuccess).toHaveBeenCalledWith('1 acción sincronizada correctamente');
    expect(alTerminar).toHaveBeenCalledWith({ sincronizadas: 1, fallidas: 0, pospuestas: 0, conflictos: [], error: null, desfaseMs: 0 });

    ponerEnCola(embarques(1));
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(1_100);
    expect(enviar).toHaveBeenCalledTimes(2);

    ponerEnCola(embarques(1));
    await vi.advanceTimersByTimeAsync(30_000 + 1_100);
    expect(enviar).toHaveBeenCalledTimes(3);

    // Nothing waits: the periodic check sends nothing.
    await vi.advanceTimersByTimeAsync(31_100);
    expect(enviar).toHaveBeenCalledTimes(3);
    detener();
  });
});
