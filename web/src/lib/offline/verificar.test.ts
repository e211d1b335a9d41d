import { describe, expect, it } from 'vitest';
import vectores from './vectores.json';
import { decodificarBase64url, esCodigoFirmado, verificarCertificado, verificarCodigo } from './verificar';

// Codes and certificates signed by Go (internal/domain/vectores_offline_test.go) with what the server
// decides of each: the client decides the same.

const { empresa_id: empresaId, clave_empresa: claveEmpresa } = vectores;
/** The company's register of devices the vectors' short codes are resolved from (as a validator caches it). */
const registro = new Map(vectores.dispositivos.map((d) => [d.codigo, d.certificado]));
const certificadoDe = (codigo: string) => registro.get(codigo);

describe('verificarCodigo against the Go vectors', () => {
  it('covers valid codes of both families and every kind of refusal', () => {
    const motivos = new Set(vectores.codigos.map((v) => v.motivo ?? 'válido'));
    expect(motivos).toEqual(new Set(['válido', 'codigo', 'otra_empresa', 'certificado', 'certificado_otra_empresa', 'certificado_vencido',
      'dispositivo_desconocido']));
    // short codes (no certificate): valid and refused
    const cortos = vectores.codigos.filter((v) => v.texto.startsWith('MUELLE2.') && v.texto.split('.').length <= 3);
    expect(new Set(cortos.map((v) => v.motivo ?? 'válido'))).toEqual(new Set(['válido', 'codigo', 'otra_empresa', 'certificado_vencido',
      'dispositivo_desconocido']));
  });

  for (const v of vectores.codigos) {
    it(v.nombre, async () => {
      const r = await verificarCodigo(claveEmpresa, empresaId, v.texto, new Date(v.momento), certificadoDe);
      if (v.valido) {
        expect(r).toMatchObject({ valido: true, carga: v.carga });
        if (v.dispositivo) expect(r).toMatchObject({ familia: 'MUELLE2', certificado: { d: v.dispositivo } });
        else expect(r).toMatchObject({ familia: 'MUELLE1' });
      } else {
        expect(r).toEqual({ valido: false, motivo: v.motivo });
      }
    });
  }

  it('refuses every valid code for another company and under another company key', async () => {
    for (const v of vectores.codigos.filter((x) => x.valido)) {
      expect(await verificarCodigo(claveEmpresa, empresaId + 1, v.texto, new Date(v.momento), certificadoDe)).toEqual({ valido: false, motivo: 'otra_empresa' });
      const otraClave = 'A'.repeat(43);
      expect(await verificarCodigo(otraClave, empresaId, v.texto, new Date(v.momento), certificadoDe)).toMatchObject({ valido: false });
    }
  });

  it('verifies a short code only with its device in the register; the long form needs none', async () => {
    const corto = vectores.codigos.find((v) => v.nombre === 'muelle2 corto válido')!;
    const largo = vectores.codigos.find((v) => v.nombre === 'muelle2 válido')!;
    expect(corto.texto.length).toBeLessThan(300);
    expect(largo.texto.length - corto.texto.length).toBeGreaterThan(250); // the certificate
    expect(await verificarCodigo(claveEmpresa, empresaId, corto.texto, new Date(corto.momento)))
      .toEqual({ valido: false, motivo: 'dispositivo_desconocido' });
    expect(await verificarCodigo(claveEmpresa, empresaId, largo.texto, new Date(largo.momento))).toMatchObject({ valido: true });
    // a register that names the device with another device's certificate: the signature is not that key's
    const otro = vectores.dispositivos.find((d) => d.codigo !== 'K7Q2')!;
    expect(await verificarCodigo(claveEmpresa, empresaId, corto.texto, new Date(corto.momento), () => otro.certificado))
      .toMatchObject({ valido: false });
  });

  it('refuses a ticket number, which only the local store can vouch for', async () => {
    expect(await verificarCodigo(claveEmpresa, empresaId, 'LD-20261126-000042', Date.now())).toEqual({ valido: false, motivo: 'codigo' });
    expect(esCodigoFirmado('LD-20261126-000042')).toBe(false);
    expect(esCodigoFirmado(' MUELLE2.x.y.z')).toBe(true);
  });
});

describe('verificarCertificado against the Go vectors', () => {
  for (const v of vectores.certificados) {
    it(v.nombre, async () => {
      const r = await verificarCertificado(claveEmpresa, empresaId, v.texto, Date.parse(v.momento));
      if (v.valido) expect(r).toEqual({ valido: true, certificado: v.carga });
      else expect(r).toEqual({ valido: false, motivo: v.motivo });
    });
  }
});

describe('decodificarBase64url', () => {
  it('decodes as Go RawURLEncoding: no padding, line breaks skipped, stray bits allowed unless strict', () => {
    expect(decodificarBase64url('-__-AQ')).toEqual(new Uint8Array([0xfb, 0xff, 0xfe, 0x01]));
    expect(decodificarBase64url('-__-\nAQ')).toEqual(new Uint8Array([0xfb, 0xff, 0xfe, 0x01]));
    expect(decodificarBase64url('-__-AQ==')).toBeNull();
    expect(decodificarBase64url('+/')).toBeNull();
    expect(decodificarBase64url('AAAAA')).toBeNull();
    expect(decodificarBase64url('AR')).toEqual(new Uint8Array([0x01]));
    expect(decodificarBase64url('AR', true)).toBeNull();
    expect(decodificarBase64url('AQ', true)).toEqual(new Uint8Array([0x01]));
  });
});
