import { base64url } from '@/lib/dispositivo';
/*
 * Offline verification of the signed codes of the MUELLE family (docs/features/offline.md),
 * with WebCrypto's Ed25519 and the company's public key alone: the same decisions as the server.
 *
 * - MUELLE1.<payload>.<firma>: a ticket sold online, signed by the company's key
 *   (internal/domain/codigoqr.go).
 * - MUELLE2.<payload>.<firma>: a ticket sold offline, signed by a device's key (the short form,
 *   printed since issue 36 item 30); the device's MUELLEDISP1 certificate, signed by the company's
 *   key, is the company's register's for the payload's device code `d` (a validator caches them:
 *   GET /dispositivos/certificados, `certificadoDe`). The long form printed before,
 *   MUELLE2.<payload>.<firma>.<certificado>, carries the certificate and needs no register
 *   (internal/domain/sincronizacion.go and dispositivo.go).
 *
 * A code of another company is refused before its signature is looked at (store.verificarQR). The
 * payloads are read as Go's encoding/json reads them into their structs (keys matched regardless of
 * case, unknown keys ignored, a value of the wrong type refused), and base64url as Go's
 * RawURLEncoding. vectores.json (written by internal/domain/vectores_offline_test.go) holds codes
 * signed by Go with what the server decides of each; verificar.test.ts checks this module agrees.
 */

/** Why a code or certificate is refused, as the vectors name it. */
export type MotivoRechazo =
  /** Malformed, or its signature is not the company's (or the certified device's). */
  | 'codigo'
  /** The code is of another company. */
  | 'otra_empresa'
  /** The device's certificate is malformed or not signed by the company's key. */
  | 'certificado'
  /** The device's certificate is of another company. */
  | 'certificado_otra_empresa'
  /** The device's certificate is not valid at the moment of the act. */
  | 'certificado_vencido'
  /** A short MUELLE2 code whose device is not in the register this phone holds (unknown, or revoked). */
  | 'dispositivo_desconocido';

/** The certificate of the company's device of code `codigo` in the register this phone holds, if any (domain.CertificadoDe). */
export type CertificadoDe = (codigo: string) => string | undefined;

/** What a MUELLE1 code carries. */
export interface CodigoQR {
  e: number;
  n: string;
  f: string;
  r: string;
}

/** What a MUELLE2 code carries. */
export interface CodigoOffline {
  e: number;
  n: string;
  f: string;
  /** The device's code. */
  d: string;
  /** Section and trip type ids. */
  s: number;
  t: number;
  /** Price in centavos. */
  p: number;
  r: string;
}

/** What a device's MUELLEDISP1 certificate carries (desde and hasta as signed, RFC 3339). */
export interface CertificadoDispositivo {
  e: number;
  d: string;
  /** The device's public key, 32 bytes in base64url. */
  k: string;
  desde: string;
  hasta: string;
}

export type CodigoVerificado =
  | { familia: 'MUELLE1'; carga: CodigoQR }
  | { familia: 'MUELLE2'; carga: CodigoOffline; certificado: CertificadoDispositivo };

export type Verificacion<T> = ({ valido: true } & T) | { valido: false; motivo: MotivoRechazo };

const PREFIJO_QR = 'MUELLE1.';
const PREFIJO_OFFLINE = 'MUELLE2.';
const PREFIJO_CERTIFICADO = 'MUELLEDISP1.';
/** LargoCodigoDispositivo: a device code is 4 characters. */
const LARGO_CODIGO_DISPOSITIVO = 4;

/** Whether a scanned or typed text is a signed code (MUELLE1 or MUELLE2) rather than a ticket number. */
export function esCodigoFirmado(texto: string): boolean {
  const t = texto.trim();
  return t.startsWith(PREFIJO_QR) || t.startsWith(PREFIJO_OFFLINE);
}

// --- base64url as Go's base64.RawURLEncoding -------------------------------------------------------

const ALFABETO = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALOR = new Map([...ALFABETO].map((c, i) => [c, i]));

/**
 * Decodes unpadded base64url as Go's RawURLEncoding.DecodeString: line breaks are skipped, padding
 * and any other character refused; `estricto` also refuses unused bits that are not zero. Null when
 * refused.
 */
export function decodificarBase64url(texto: string, estricto = false): Uint8Array | null {
  const limpio = texto.replace(/[\r\n]/g, '');
  if (limpio.length % 4 === 1) return null;
  const salida = new Uint8Array(Math.floor((limpio.length * 3) / 4));
  let acumulado = 0;
  let bits = 0;
  let j = 0;
  for (const c of limpio) {
    const v = VALOR.get(c);
    if (v === undefined) return null;
    acumulado = (acumulado << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      salida[j++] = (acumulado >> bits) & 0xff;
    }
    acumulado &= (1 << bits) - 1;
  }
  if (estricto && acumulado !== 0) return null;
  return salida;
}

// --- JSON as Go's encoding/json reads it into a struct --------------------------------------------

type TipoCampo = 'entero' | 'texto' | 'hora';
type Esquema = Record<string, TipoCampo>;
type Valores<E extends Esquema> = { [K in keyof E]: E[K] extends 'entero' ? number : string };

/** RFC 3339 as Go's time.Time reads it from JSON. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Reads the JSON bytes into the fields of `esquema` as json.Unmarshal fills a struct: every field
 * starts at its zero value; each key of the object, in order, sets the field of its name (exactly,
 * else regardless of case); other keys are ignored and null leaves a field alone; a value of the
 * wrong type, or a text that is not an object (or null), refuses the whole. Null when refused.
 */
function leerJSON<E extends Esquema>(bytes: Uint8Array, esquema: E): Valores<E> | null {
  let dato: unknown;
  try {
    dato = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
  const valores: Record<string, number | string> = {};
  for (const [campo, tipo] of Object.entries(esquema)) valores[campo] = tipo === 'entero' ? 0 : '';
  if (dato === null) return valores as Valores<E>;
  if (typeof dato !== 'object' || Array.isArray(dato)) return null;
  const campos = Object.keys(esquema);
  for (const [clave, valor] of Object.entries(dato as Record<string, unknown>)) {
    const campo = clave in esquema ? clave : campos.find((c) => c.toLowerCase() === clave.toLowerCase());
    if (campo === undefined || valor === null) continue;
    switch (esquema[campo]) {
      case 'entero':
        if (typeof valor !== 'number' || !Number.isSafeInteger(valor)) return null;
        break;
      case 'texto':
        if (typeof valor !== 'string') return null;
        break;
      case 'hora':
        if (typeof valor !== 'string' || !RFC3339.test(valor) || Number.isNaN(Date.parse(valor))) return null;
        break;
    }
    valores[campo] = valor as number | string;
  }
  return valores as Valores<E>;
}

// --- Ed25519 ----------------------------------------------------------------------------------------

const ED25519 = { name: 'Ed25519' } as const;
const clavesImportadas = new Map<string, Promise<CryptoKey | null>>();

/** The public key of 32 raw bytes, imported once; null when it is not one. */
function importarClave(bytes: Uint8Array): Promise<CryptoKey | null> {
  if (bytes.length !== 32) return Promise.resolve(null);
  const id = base64url(bytes);
  let clave = clavesImportadas.get(id);
  if (!clave) {
    clave = crypto.subtle.importKey('raw', new Uint8Array(bytes), ED25519, false, ['verify']).catch(() => null);
    clavesImportadas.set(id, clave);
  }
  return clave;
}

/**
 * firmaValida: whether the code (trimmed) carries the key's signature of everything before its
 * last dot, the signature being the base64url after it.
 */
async function firmaValida(clave: Uint8Array, codigo: string): Promise<boolean> {
  const texto = codigo.trim();
  const i = texto.lastIndexOf('.');
  if (i < 0) return false;
  const firma = decodificarBase64url(texto.slice(i + 1));
  const publica = await importarClave(clave);
  if (!firma || firma.length !== 64 || !publica) return false;
  try {
    return await crypto.subtle.verify(ED25519, publica, new Uint8Array(firma), new TextEncoder().encode(texto.slice(0, i)));
  } catch {
    return false;
  }
}

/** The company's public key as the server sends it (clave_empresa: 32 bytes in base64url). */
function claveEmpresaBytes(claveEmpresa: string): Uint8Array {
  return decodificarBase64url(claveEmpresa) ?? new Uint8Array();
}

const ms = (momento: number | Date) => (typeof momento === 'number' ? momento : momento.getTime());

// --- The codes ---------------------------------------------------------------------------------------

const ESQUEMA_QR = { e: 'entero', n: 'texto', f: 'texto', r: 'texto' } as const;
const ESQUEMA_OFFLINE = { e: 'entero', n: 'texto', f: 'texto', d: 'texto', s: 'entero', t: 'entero', p: 'entero', r: 'texto' } as const;
const ESQUEMA_CERTIFICADO = { e: 'entero', d: 'texto', k: 'texto', desde: 'hora', hasta: 'hora' } as const;

/** leerCertificado: the certificate's content, unchecked; null when malformed. */
function leerCertificado(certificado: string): CertificadoDispositivo | null {
  const texto = certificado.trim();
  if (!texto.startsWith(PREFIJO_CERTIFICADO)) return null;
  const resto = texto.slice(PREFIJO_CERTIFICADO.length);
  const punto = resto.indexOf('.');
  if (punto < 0) return null;
  const bytes = decodificarBase64url(resto.slice(0, punto));
  const c = bytes && leerJSON(bytes, ESQUEMA_CERTIFICADO);
  if (!c || c.e <= 0 || new TextEncoder().encode(c.d).length !== LARGO_CODIGO_DISPOSITIVO || !claveDispositivo(c.k)) return null;
  return c;
}

/** ClaveDispositivo: a device's public key as certified, canonical base64url of exactly 32 bytes. */
function claveDispositivo(clave: string): Uint8Array | null {
  const bytes = decodificarBase64url(clave, true);
  return bytes && bytes.length === 32 && base64url(bytes) === clave ? bytes : null;
}

/** Millisecond of a certificate's time; an absent one is Go's zero time, before any moment. */
const instante = (hora: string) => (hora === '' ? -Infinity : Date.parse(hora));

/**
 * VerificarCertificado: a device's certificate for the company `empresaId` at `momento` (device ms
 * or a Date): signed by the company's key, of that company and within its validity.
 */
export async function verificarCertificado(
  claveEmpresa: string, empresaId: number, certificado: string, momento: number | Date,
): Promise<Verificacion<{ certificado: CertificadoDispositivo }>> {
  const c = leerCertificado(certificado);
  if (!c || !(await firmaValida(claveEmpresaBytes(claveEmpresa), certificado))) return { valido: false, motivo: 'certificado' };
  if (c.e !== empresaId) return { valido: false, motivo: 'certificado_otra_empresa' };
  const ahora = ms(momento);
  if (ahora < instante(c.desde) || ahora >= instante(c.hasta)) return { valido: false, motivo: 'certificado_vencido' };
  return { valido: true, certificado: c };
}

/** LeerCodigoQR: a MUELLE1 code's content, unchecked; null when malformed. */
function leerCodigoQR(texto: string): CodigoQR | null {
  const resto = texto.slice(PREFIJO_QR.length);
  const punto = resto.indexOf('.');
  if (punto < 0) return null;
  const bytes = decodificarBase64url(resto.slice(0, punto));
  const c = bytes && leerJSON(bytes, ESQUEMA_QR);
  return c && c.e > 0 && c.n !== '' ? c : null;
}

/**
 * LeerCodigoOffline: a MUELLE2 code's content and its parts (payload, signature and, in the long form,
 * certificate: everything after the second dot); null when malformed.
 */
function leerCodigoOffline(texto: string): { carga: CodigoOffline; partes: [string, string] | [string, string, string] } | null {
  const resto = texto.slice(PREFIJO_OFFLINE.length);
  const a = resto.indexOf('.');
  if (a < 0) return null;
  const b = resto.indexOf('.', a + 1);
  const partes: [string, string] | [string, string, string] = b < 0
    ? [resto.slice(0, a), resto.slice(a + 1)]
    : [resto.slice(0, a), resto.slice(a + 1, b), resto.slice(b + 1)];
  if (partes[1] === '') return null;
  const bytes = decodificarBase64url(partes[0]);
  const carga = bytes && leerJSON(bytes, ESQUEMA_OFFLINE);
  return carga && carga.e > 0 && carga.n !== '' ? { carga, partes } : null;
}

/**
 * Verifies a scanned code for the company `empresaId` whose public key is `claveEmpresa` (base64url),
 * as the server does: a MUELLE1 code signed by the company's key; a MUELLE2 code signed by a device
 * whose certificate the company's key signed, of this company and valid at `momento` (the scan): the
 * certificate the long form carries, or, for the short form, the one `certificadoDe` finds for the
 * payload's device (none: 'dispositivo_desconocido').
 */
export async function verificarCodigo(
  claveEmpresa: string, empresaId: number, codigo: string, momento: number | Date, certificadoDe?: CertificadoDe,
): Promise<Verificacion<CodigoVerificado>> {
  const texto = codigo.trim();
  if (texto.startsWith(PREFIJO_OFFLINE)) {
    const leido = leerCodigoOffline(texto);
    if (!leido) return { valido: false, motivo: 'codigo' };
    if (leido.carga.e !== empresaId) return { valido: false, motivo: 'otra_empresa' };
    const { d } = leido.carga;
    const certificado = leido.partes.length === 3 ? leido.partes[2]
      : new TextEncoder().encode(d).length === LARGO_CODIGO_DISPOSITIVO ? certificadoDe?.(d) : undefined;
    if (certificado === undefined) return { valido: false, motivo: 'dispositivo_desconocido' };
    const cert = await verificarCertificado(claveEmpresa, empresaId, certificado, momento);
    if (!cert.valido) return cert;
    const clave = claveDispositivo(cert.certificado.k);
    const firmado = `${PREFIJO_OFFLINE}${leido.partes[0]}.${leido.partes[1]}`;
    if (!clave || !(await firmaValida(clave, firmado)) || leido.carga.d !== cert.certificado.d) {
      return { valido: false, motivo: 'codigo' };
    }
    return { valido: true, familia: 'MUELLE2', carga: leido.carga, certificado: cert.certificado };
  }
  if (texto.startsWith(PREFIJO_QR)) {
    const carga = leerCodigoQR(texto);
    if (!carga) return { valido: false, motivo: 'codigo' };
    if (carga.e !== empresaId) return { valido: false, motivo: 'otra_empresa' };
    if (!(await firmaValida(claveEmpresaBytes(claveEmpresa), texto))) return { valido: false, motivo: 'codigo' };
    return { valido: true, familia: 'MUELLE1', carga };
  }
  return { valido: false, motivo: 'codigo' };
}
