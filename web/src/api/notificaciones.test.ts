import { describe, expect, expectTypeOf, it } from 'vitest';
import { makeNotificacion } from '@/testing/handlers/notificaciones';
import type { Schema } from './contract';
import type { Eventos } from './invalidation';
import type { Notificacion, NotificacionDe } from './notificaciones';

describe('Notificacion', () => {
  it('carries in datos the payload of its kind: the contract is a union by tipo', () => {
    expectTypeOf<Notificacion['tipo']>()
      .toEqualTypeOf<'venta' | 'caja_abierta' | 'caja_cerrada' | 'embarque' | 'alerta' | 'whatsapp' | 'info'>();
    expectTypeOf<NotificacionDe<'venta'>['datos']>().toEqualTypeOf<Schema<'EventoVenta'>>();
    expectTypeOf<NotificacionDe<'caja_abierta'>['datos']>().toEqualTypeOf<Schema<'EventoCaja'>>();
    expectTypeOf<NotificacionDe<'caja_cerrada'>['datos']>().toEqualTypeOf<Schema<'EventoCaja'>>();
    expectTypeOf<NotificacionDe<'embarque'>['datos']>().toEqualTypeOf<Schema<'EventoPasaje'>>();
    expectTypeOf<NotificacionDe<'alerta'>['datos']>()
      .toEqualTypeOf<Schema<'EventoAlerta'> | Schema<'AvisoProgramaPausado'> | Schema<'AvisoCertificado'>
        | Schema<'AvisoCertificadoFiscal'>>();
    // the socket's notificacion event is the same notification the list answers
    expectTypeOf<Eventos['notificacion']>().toEqualTypeOf<Notificacion>();
  });

  it('narrows by tipo to read its payload without a cast', () => {
    const ticketsDe = (n: Notificacion) => (n.tipo === 'venta' ? n.datos.pasaje_ids : []);
    expect(ticketsDe(makeNotificacion(7))).toEqual([7]);
    expect(ticketsDe({ ...makeNotificacion(8), tipo: 'info', datos: {} })).toEqual([]);
  });
});
