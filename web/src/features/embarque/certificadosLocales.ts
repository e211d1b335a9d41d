import type { Schema } from '@/api/contract';
import { api } from '@/lib/api';
import { baseOffline } from '@/lib/offline/db';
import { hayAlmacenLocal } from '@/lib/offline/persistencia';
import type { CertificadoDe } from '@/lib/offline/verificar';

/*
 * The company's register of devices as the validator last read it (GET /dispositivos/certificados: the
 * devices not revoked, each its code and certificate), kept on this phone in the Dexie `config` store,
 * tagged with the company, so that offline it verifies the short code of a ticket sold offline,
 * MUELLE2.<payload>.<firma>, with the certificate of the device the payload names
 * (docs/features/offline.md, "The offline validator"). Refreshed with the stored tickets.
 */

/** A device of the register: its code and its MUELLEDISP1 certificate. */
export type CertificadoDispositivo = Schema<'CertificadoDispositivo'>;

/** The config entry of the register. */
export const ENTRADA_CERTIFICADOS = 'certificados_dispositivos';

/** What the entry holds: the register of the company that read it. */
interface CertificadosGuardados {
  empresaId: number;
  certificados: CertificadoDispositivo[];
}

/** Asks the server for company `empresaId`'s register and keeps it; answers how many devices it holds. */
export async function guardarCertificados(empresaId: number, ahora = Date.now(), signal?: AbortSignal): Promise<number> {
  const certificados = await api.get<CertificadoDispositivo[]>('/dispositivos/certificados', { signal });
  const valor: CertificadosGuardados = { empresaId, certificados };
  await baseOffline.config.put({ clave: ENTRADA_CERTIFICADOS, valor, guardado_en: ahora });
  return certificados.length;
}

/** The register kept on this phone for company `empresaId` as a lookup by device code; null when none is kept (or another company's). */
export async function leerCertificados(empresaId: number): Promise<CertificadoDe | null> {
  if (!hayAlmacenLocal()) return null;
  const entrada = await baseOffline.config.get(ENTRADA_CERTIFICADOS).catch(() => undefined);
  const valor = entrada?.valor as CertificadosGuardados | undefined;
  if (valor?.empresaId !== empresaId) return null;
  const porCodigo = new Map(valor.certificados.map((c) => [c.codigo, c.certificado]));
  return (codigo) => porCodigo.get(codigo);
}
