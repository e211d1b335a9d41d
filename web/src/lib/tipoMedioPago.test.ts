import { describe, expect, it } from 'vitest';
import { confirmacionExterna, esEfectivo, seCuentaAlCierre, TIPOS_MEDIO_PAGO, tomaReferencia } from './tipoMedioPago';

describe('tipoMedioPago', () => {
  it('tells each behaviour by the tipo alone, never by the name', () => {
    const de = (tipo: (typeof TIPOS_MEDIO_PAGO)[number]['value']) => ({ nombre: 'Efectivo', tipo });
    expect(TIPOS_MEDIO_PAGO.filter((t) => esEfectivo(de(t.value))).map((t) => t.value)).toEqual(['efectivo']);
    expect(TIPOS_MEDIO_PAGO.filter((t) => confirmacionExterna(de(t.value))).map((t) => t.value)).toEqual(['mercadopago_qr']);
    expect(TIPOS_MEDIO_PAGO.filter((t) => seCuentaAlCierre(de(t.value))).map((t) => t.value)).toEqual(['tarjeta', 'transferencia', 'otro']);
    expect(TIPOS_MEDIO_PAGO.filter((t) => tomaReferencia(t.value)).map((t) => t.value)).toEqual(['tarjeta', 'transferencia', 'otro']);
    expect(esEfectivo({ tipo: undefined })).toBe(false);
  });
});
