import { describe, expect, it } from 'vitest';
import { ApiError, CONNECTION_ERROR_MESSAGE } from '@/lib/api';
import { ERROR_VALIDAR, mensajeErrorCamara, rechazo } from './validacion';

describe('rechazo', () => {
  it("keeps the server's message and the earlier boarding", () => {
    const previo = { numero_pasaje: 'LD-20261122-000001', fecha_embarque: '2026-11-22T13:05:00Z', validado_por: 'lancha' };
    expect(rechazo(new ApiError(409, 'El pasaje ya fue utilizado para embarcar', previo))).toEqual({
      tipo: 'rechazo',
      mensaje: 'El pasaje ya fue utilizado para embarcar',
      previo,
    });
  });

  it('falls back to the default message, and to the connection message when nobody answered', () => {
    expect(rechazo(new ApiError(500, null))).toEqual({ tipo: 'rechazo', mensaje: ERROR_VALIDAR, previo: null });
    expect(rechazo(new ApiError(0, null))).toEqual({ tipo: 'rechazo', mensaje: CONNECTION_ERROR_MESSAGE, previo: null });
    expect(rechazo(new TypeError('Failed to fetch')).mensaje).toBe(CONNECTION_ERROR_MESSAGE);
  });
});

describe('mensajeErrorCamara', () => {
  it.each([
    ['NotAllowedError', /permiso/],
    ['NotFoundError', /No se encontró ninguna cámara/],
    ['NotReadableError', /usada por otra aplicación/],
    ['TypeError', /No se pudo iniciar la cámara/],
  ])('explains %s and points to the manual mode', (name, texto) => {
    const mensaje = mensajeErrorCamara(new DOMException('x', name));
    expect(mensaje).toMatch(texto);
    expect(mensaje).toMatch(/modo manual/);
  });
});
