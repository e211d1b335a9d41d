import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockDispositivos } from '@/testing/handlers/dispositivos';
import { fail, server } from '@/testing/server';
import { ApiError } from './api';
import { base64url, clavePublica, dispositivoActual, registrarDispositivo } from './dispositivo';

// jsdom has no IndexedDB: the storage boundary keeps its entries in a map (structured clones, as IndexedDB would).
const entradas = vi.hoisted(() => new Map<string, unknown>());
vi.mock('./dispositivoAlmacen', () => ({
  leerEntrada: async (entrada: string) => entradas.get(entrada),
  escribirEntradas: async (nuevas: Record<string, unknown>) => {
    for (const [entrada, valor] of Object.entries(nuevas)) {
      if (valor === undefined) entradas.delete(entrada);
      else entradas.set(entrada, structuredClone(valor));
    }
  },
}));

type Envio = { body: unknown; clave: string | null };

/** Records what each POST /dispositivos sent, then answers with `respuesta`. */
function registrosEnviados(respuesta: () => Response) {
  const envios: Envio[] = [];
  server.use(http.post('/api/dispositivos', async ({ request }) => {
    envios.push({ body: await request.json(), clave: request.headers.get('Idempotency-Key') });
    return respuesta();
  }));
  return envios;
}

beforeEach(() => entradas.clear());

describe('base64url', () => {
  it('encodes without padding and with the URL alphabet', () => {
    expect(base64url(new Uint8Array([0xfb, 0xff, 0xfe, 0x01]))).toBe('-__-AQ');
  });
});

describe('registrarDispositivo', () => {
  it('makes a key pair whose private half cannot leave the browser, registers its public key and keeps both', async () => {
    const writes = mockDispositivos();
    const registro = await registrarDispositivo('  Boletería ');

    const enviado = writes[0].body as { nombre: string; clave_publica: string };
    expect(enviado.nombre).toBe('Boletería');
    expect(enviado.clave_publica).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(enviado.clave_publica).toBe(await clavePublica(registro.keyPair));
    expect(writes[0].clave).toBeTruthy();
    expect(registro).toMatchObject({ codigo: 'R2D2', certificado: 'MUELLEDISP1.e30.firma', clave_empresa: 'A'.repeat(43) });

    const { privateKey, publicKey } = registro.keyPair;
    expect(privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('pkcs8', privateKey)).rejects.toThrow();
    const firma = await crypto.subtle.sign('Ed25519', privateKey, new TextEncoder().encode('venta'));
    expect(await crypto.subtle.verify('Ed25519', publicKey, firma, new TextEncoder().encode('venta'))).toBe(true);

    const guardado = await dispositivoActual();
    expect(guardado?.codigo).toBe('R2D2');
    expect(await clavePublica(guardado!.keyPair)).toBe(enviado.clave_publica);
    expect(entradas.has('pendiente')).toBe(false);
  });

  it('has no registration until one is kept', async () => {
    expect(await dispositivoActual()).toBeNull();
  });

  it('replays a registration whose answer was lost: the same key and Idempotency-Key', async () => {
    let perdida = true;
    const envios = registrosEnviados(() => {
      if (perdida) return HttpResponse.error();
      return HttpResponse.json({ success: true, data: { codigo: 'R2D2' }, message: 'Dispositivo registrado' }, { status: 201 });
    });
    await expect(registrarDispositivo('Boletería')).rejects.toBeInstanceOf(ApiError);
    expect(await dispositivoActual()).toBeNull();
    perdida = false;
    await registrarDispositivo('Boletería');
    expect(envios).toHaveLength(2);
    expect(envios[1]).toEqual(envios[0]);
    expect((await dispositivoActual())?.codigo).toBe('R2D2');
  });

  it('starts afresh after a refusal or with another name', async () => {
    let rechazo = true;
    const envios = registrosEnviados(() => (rechazo ? fail(409, 'Este dispositivo ya está registrado') : HttpResponse.error()));
    await expect(registrarDispositivo('Boletería')).rejects.toThrow('Este dispositivo ya está registrado');
    rechazo = false;
    await expect(registrarDispositivo('Boletería')).rejects.toBeInstanceOf(ApiError);
    await expect(registrarDispositivo('Boletería sur')).rejects.toBeInstanceOf(ApiError);
    const claves = envios.map((e) => e.clave);
    const publicas = envios.map((e) => (e.body as { clave_publica: string }).clave_publica);
    expect(new Set(claves).size).toBe(3);
    expect(new Set(publicas).size).toBe(3);
  });
});
