import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bloquearEnVezDeCerrar, debeBloquear, desbloquearSinConexion, estaBloqueada, fijarBloqueo, MAX_INTENTOS_DESBLOQUEO, MSG_CLAVE_INCORRECTA, MSG_INTENTOS_AGOTADOS,
  MSG_SIN_VERIFICADOR,
} from './bloqueo';
import { BLOQUEO_KEY } from './session';
import { derivarVerificador, type VerificadorClave } from './verificadorClave';

const entradas = vi.hoisted(() => new Map<string, unknown>());
vi.mock('./dispositivoAlmacen', () => ({
  leerEntrada: async (entrada: string) => entradas.get(entrada),
  escribirEntradas: async () => undefined,
}));

const CLAVE = 'Ceibo62#Boya';
let verificador: VerificadorClave;

function sinConexion(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
}

describe('bloqueo', () => {
  beforeEach(async () => {
    entradas.clear();
    verificador ??= await derivarVerificador(7, CLAVE, 1_000);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it.each([
    ['offline, registered, this user’s verifier', false, true, 7, true],
    ['online', true, true, 7, false],
    ['a browser that is not a device', false, false, 7, false],
    ['no verifier', false, true, null, false],
    ['another user’s verifier', false, true, 8, false],
  ])('locks only offline on a registered device with this user’s verifier: %s', (_caso, enLinea, dispositivoRegistrado, dueno, esperado) => {
    const v = dueno === null ? null : { ...verificador, usuario_id: dueno };
    expect(debeBloquear({ enLinea, dispositivoRegistrado, verificador: v, usuarioId: 7 })).toBe(esperado);
  });

  it('reads the browser: its link, its registration and its verifiers', async () => {
    entradas.set('actual', { codigo: 'K7QX' });
    entradas.set('verificador:7', verificador);
    sinConexion(false);
    expect(await bloquearEnVezDeCerrar(7)).toBe(false);
    sinConexion(true);
    expect(await bloquearEnVezDeCerrar(8)).toBe(false);
    expect(estaBloqueada(8)).toBe(false);
    expect(await bloquearEnVezDeCerrar(7)).toBe(true);
    expect(estaBloqueada(7)).toBe(true);
    entradas.delete('actual');
    expect(await bloquearEnVezDeCerrar(7)).toBe(false);
  });

  it('unlocks offline with the right password; wrong ones count and the last ends the session', async () => {
    entradas.set('verificador:7', verificador);
    expect(await desbloquearSinConexion(7, CLAVE, 0)).toEqual({ ok: true });
    expect(await desbloquearSinConexion(7, 'otra', 0)).toEqual({ ok: false, mensaje: MSG_CLAVE_INCORRECTA, agotado: false });
    expect(await desbloquearSinConexion(7, 'otra', MAX_INTENTOS_DESBLOQUEO - 2)).toMatchObject({ agotado: false });
    expect(await desbloquearSinConexion(7, 'otra', MAX_INTENTOS_DESBLOQUEO - 1))
      .toEqual({ ok: false, mensaje: MSG_INTENTOS_AGOTADOS, agotado: true });
    // the right password still unlocks before the limit
    expect(await desbloquearSinConexion(7, CLAVE, MAX_INTENTOS_DESBLOQUEO - 1)).toEqual({ ok: true });
  });

  it('cannot unlock offline without a verifier: the session must end', async () => {
    expect(await desbloquearSinConexion(7, CLAVE, 0)).toEqual({ ok: false, mensaje: MSG_SIN_VERIFICADOR, agotado: true });
  });

  it('keeps the locked user in localStorage and tells this tab', () => {
    const avisos = vi.fn();
    window.addEventListener('muelle:bloqueo', avisos);
    expect(estaBloqueada(7)).toBe(false);
    fijarBloqueo(7);
    expect(estaBloqueada(7)).toBe(true);
    expect(estaBloqueada(8)).toBe(false);
    expect(estaBloqueada(undefined)).toBe(false);
    fijarBloqueo(null);
    expect(localStorage.getItem(BLOQUEO_KEY)).toBeNull();
    expect(avisos).toHaveBeenCalledTimes(2);
    window.removeEventListener('muelle:bloqueo', avisos);
  });
});
