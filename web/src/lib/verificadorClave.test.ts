import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  derivarVerificador, guardarVerificador, igualesEnTiempoConstante, ITERACIONES_VERIFICADOR, leerVerificador, verificarClave,
} from './verificadorClave';

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

const registrado = () => entradas.set('actual', { codigo: 'K7QX', certificado: 'MUELLEDISP1.x.y' });

describe('verificadorClave', () => {
  beforeEach(() => entradas.clear());

  it('derives PBKDF2-SHA256 with 310.000 rounds and a random salt, and checks only the same password', async () => {
    const v = await derivarVerificador(7, 'Ceibo62#Boya');
    expect(v).toMatchObject({ usuario_id: 7, iteraciones: ITERACIONES_VERIFICADOR });
    expect(ITERACIONES_VERIFICADOR).toBe(310_000);
    expect(atob(v.sal)).toHaveLength(16);
    expect(atob(v.hash)).toHaveLength(32);
    expect(JSON.stringify(v)).not.toContain('Ceibo62#Boya');
    expect(await verificarClave('Ceibo62#Boya', v)).toBe(true);
    expect(await verificarClave('ceibo62#boya', v)).toBe(false);
    expect(await verificarClave('', v)).toBe(false);
  });

  it('gives the same password another salt and another hash each time', async () => {
    const [a, b] = await Promise.all([derivarVerificador(7, 'Ceibo62#Boya', 1_000), derivarVerificador(7, 'Ceibo62#Boya', 1_000)]);
    expect(a.sal).not.toBe(b.sal);
    expect(a.hash).not.toBe(b.hash);
    expect(await verificarClave('Ceibo62#Boya', b)).toBe(true);
  });

  it('compares every byte, lengths included', () => {
    const a = Uint8Array.of(1, 2, 3);
    expect(igualesEnTiempoConstante(a, Uint8Array.of(1, 2, 3))).toBe(true);
    expect(igualesEnTiempoConstante(a, Uint8Array.of(1, 2, 4))).toBe(false);
    expect(igualesEnTiempoConstante(a, Uint8Array.of(1, 2))).toBe(false);
    expect(igualesEnTiempoConstante(a, Uint8Array.of(1, 2, 3, 0))).toBe(false);
  });

  it('keeps a verifier at login on a registered device only, under the user id', async () => {
    await guardarVerificador(7, 'Ceibo62#Boya');
    expect(await leerVerificador(7)).toBeNull();

    registrado();
    await guardarVerificador(7, 'Ceibo62#Boya');
    const v = await leerVerificador(7);
    expect(v?.usuario_id).toBe(7);
    expect(await verificarClave('Ceibo62#Boya', v!)).toBe(true);
    expect(await leerVerificador(8)).toBeNull();

    // the next login, or a password changed on this device, replaces it: the old password no longer unlocks
    await guardarVerificador(7, 'Tabifu-Dalafe-Makupu-95#');
    expect(await verificarClave('Ceibo62#Boya', (await leerVerificador(7))!)).toBe(false);
    expect(await verificarClave('Tabifu-Dalafe-Makupu-95#', (await leerVerificador(7))!)).toBe(true);
  });

  it('does not take an entry filed under one user as another’s', async () => {
    entradas.set('verificador:8', await derivarVerificador(7, 'Ceibo62#Boya', 1_000));
    expect(await leerVerificador(8)).toBeNull();
  });
});
