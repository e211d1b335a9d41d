import { describe, expect, it } from 'vitest';
import type { ItemCatalogo } from '@/api/config';
import { errorReferencia, REFERENCIA_MESSAGES, REFERENCIA_VACIA, referenciaDeVenta, textoReferencia } from '@/lib/referenciaPago';

const medio = (referencia: string, referencia_obligatoria: boolean, nombre = 'Débito'): ItemCatalogo =>
  ({ id: 4, nombre, descripcion: '', activo: true, referencia, referencia_obligatoria }) as ItemCatalogo;

describe('payment references', () => {
  it('asks for what the method kind takes, only when required, and checks each part given', () => {
    const tarjeta = medio('tarjeta', true);
    expect(errorReferencia(tarjeta, REFERENCIA_VACIA)).toBe(REFERENCIA_MESSAGES.faltaTarjeta('Débito'));
    expect(errorReferencia(tarjeta, { ...REFERENCIA_VACIA, ultimos4: '123', autorizacion: 'A' })).toBe(REFERENCIA_MESSAGES.ultimos4);
    expect(errorReferencia(tarjeta, { ...REFERENCIA_VACIA, ultimos4: '1234', autorizacion: 'A-1' })).toBe(REFERENCIA_MESSAGES.autorizacion);
    expect(errorReferencia(tarjeta, { ...REFERENCIA_VACIA, ultimos4: '1234', autorizacion: 'a1' })).toBeNull();
    expect(errorReferencia(medio('tarjeta', false), REFERENCIA_VACIA)).toBeNull();
    const transferencia = medio('transferencia', true, 'Transferencia');
    expect(errorReferencia(transferencia, REFERENCIA_VACIA)).toBe(REFERENCIA_MESSAGES.faltaTransferencia('Transferencia'));
    expect(errorReferencia(transferencia, { ...REFERENCIA_VACIA, transferencia: 'x'.repeat(41) })).toBe(REFERENCIA_MESSAGES.transferencia);
    expect(errorReferencia(medio('ninguna', false, 'Efectivo'), REFERENCIA_VACIA)).toBeNull();
  });

  it('sends only the parts of the method kind, trimmed, and nothing when empty', () => {
    const ref = { ultimos4: ' 4242 ', autorizacion: ' a1 ', transferencia: 'T-1' };
    expect(referenciaDeVenta(medio('tarjeta', false), ref)).toEqual({ ultimos4: '4242', autorizacion: 'A1' });
    expect(referenciaDeVenta(medio('transferencia', false), ref)).toEqual({ transferencia: 'T-1' });
    expect(referenciaDeVenta(medio('ninguna', false), ref)).toBeUndefined();
    expect(referenciaDeVenta(medio('tarjeta', false), REFERENCIA_VACIA)).toBeUndefined();
  });

  it('prints a stored reference as the close and the reports show it', () => {
    expect(textoReferencia({ ultimos4: '4242', autorizacion: 'A1B2C3' })).toBe('•••• 4242 · Aut. A1B2C3');
    expect(textoReferencia({ transferencia: '0001' })).toBe('Transf. 0001');
    expect(textoReferencia({ cobro_mp: { orden: 'ORD01', pago: 'PAY01' } })).toBe('Mercado Pago: orden ORD01 · pago PAY01');
    expect(textoReferencia(null)).toBe('');
  });
});
