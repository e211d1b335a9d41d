import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, CONNECTION_ERROR_MESSAGE } from '@/lib/api';
import { CAMARA_NO_DISPONIBLE, ejemploNumeroPasaje, ERROR_VALIDAR, faltaCamara, mensajeErrorCamara, motivoSinCamara, rechazo, SIN_CAMARA } from './validacion';

describe('rechazo', () => {
  it("keeps the server's message and the earlier boarding", () => {
    const previo = { motivo: 'ya_embarcado', numero_pasaje: 'LD-20261122-000001', fecha_viaje: '2026-11-22', fecha_embarque: '2026-11-22T13:05:00Z', validado_por: 'lancha' };
    expect(rechazo(new ApiError(409, 'El pasaje ya fue utilizado para embarcar', previo), 'LD-20261122-000001')).toEqual({
      tipo: 'rechazo',
      mensaje: 'El pasaje ya fue utilizado para embarcar',
      previo,
    });
  });

  it('asks before boarding a ticket of another day, keeping the code to confirm it', () => {
    const pasaje = { motivo: 'otra_fecha', numero_pasaje: 'LD-20261125-000003', fecha_viaje: '2026-11-28' };
    expect(rechazo(new ApiError(409, 'Pasaje para el 28/11/2026 — ¿embarcar igual?', pasaje), 'ld20261125000003')).toEqual({
      tipo: 'otraFecha',
      mensaje: 'Pasaje para el 28/11/2026 — ¿embarcar igual?',
      codigo: 'ld20261125000003',
      pasaje,
    });
  });

  it('falls back to the default message, and to the connection message when nobody answered', () => {
    expect(rechazo(new ApiError(500, null), 'X')).toEqual({ tipo: 'rechazo', mensaje: ERROR_VALIDAR, previo: null });
    expect(rechazo(new ApiError(0, null), 'X')).toEqual({ tipo: 'rechazo', mensaje: CONNECTION_ERROR_MESSAGE, previo: null });
    expect(rechazo(new TypeError('Failed to fetch'), 'X').mensaje).toBe(CONNECTION_ERROR_MESSAGE);
  });
});

describe('mensajeErrorCamara', () => {
  it.each([
    ['NotAllowedError', /permiso/],
    ['NotReadableError', /usada por otra aplicación/],
    ['TypeError', /No se pudo iniciar la cámara/],
  ])('explains %s and points to the manual mode', (name, texto) => {
    const mensaje = mensajeErrorCamara(new DOMException('x', name));
    expect(mensaje).toMatch(texto);
    expect(mensaje).toMatch(/modo manual/);
  });
});

describe('faltaCamara', () => {
  it.each([
    ['NotFoundError', true],
    ['OverconstrainedError', true],
    ['NotAllowedError', false],
    ['NotReadableError', false],
  ])('%s means no camera: %s', (name, esperado) => {
    expect(faltaCamara(new DOMException('x', name))).toBe(esperado);
  });
});

describe('motivoSinCamara', () => {
  const conDispositivos = (mediaDevices: unknown) => vi.stubGlobal('navigator', { ...navigator, mediaDevices });
  afterEach(() => vi.unstubAllGlobals());

  it('says so when the browser has no camera API (a plain-HTTP page)', async () => {
    conDispositivos(undefined);
    await expect(motivoSinCamara()).resolves.toBe(CAMARA_NO_DISPONIBLE);
  });

  it('says so when the device lists no video input', async () => {
    conDispositivos({ getUserMedia: vi.fn(), enumerateDevices: vi.fn().mockResolvedValue([{ kind: 'audioinput' }]) });
    await expect(motivoSinCamara()).resolves.toBe(SIN_CAMARA);
  });

  it('lets the camera be tried when a video input is listed, or when the list cannot be read', async () => {
    conDispositivos({ getUserMedia: vi.fn(), enumerateDevices: vi.fn().mockResolvedValue([{ kind: 'videoinput' }]) });
    await expect(motivoSinCamara()).resolves.toBeNull();
    conDispositivos({ getUserMedia: vi.fn(), enumerateDevices: vi.fn().mockRejectedValue(new Error('x')) });
    await expect(motivoSinCamara()).resolves.toBeNull();
  });
});

describe('ejemploNumeroPasaje', () => {
  it("is the company's prefix, today and the first number", () => {
    expect(ejemploNumeroPasaje('ID', '2026-11-22')).toBe('ID-20261122-000001');
  });
});
