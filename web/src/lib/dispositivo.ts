import type { Schema } from '@/api/contract';
import { api, ApiError } from './api';
import { escribirEntradas, leerEntrada } from './dispositivoAlmacen';
import { newIdempotencyKey } from './idempotency';
import { pedirAlmacenamientoPersistente } from './offline/persistencia';

/*
 * This browser as a staff device (docs/features/offline.md): it makes its own
 * Ed25519 key pair with WebCrypto (the private key not extractable), registers the public
 * key and keeps, in IndexedDB (lib/dispositivoAlmacen), the pair with its code, its
 * certificate and the company's public key, with which it will verify offline.
 */

type Registro = Schema<'DispositivoRegistrado'>;

/** This browser's registration: the answer of POST /dispositivos and the key pair it certifies. */
export interface DispositivoLocal extends Registro {
  keyPair: CryptoKeyPair;
}

/** A registration sent whose answer has not been kept yet: a retry sends the same key and Idempotency-Key. */
interface RegistroPendiente {
  nombre: string;
  keyPair: CryptoKeyPair;
  idempotencyKey: string;
}

const ED25519 = { name: 'Ed25519' } as const;

/** Answers that refuse the registration for good (not a lost answer): the next attempt starts afresh. */
const RECHAZOS = [400, 403, 409, 422];

/** Bytes as base64url without padding, as the server takes keys. */
export function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The public key of a pair, its 32 raw bytes in base64url. */
export async function clavePublica(keyPair: CryptoKeyPair): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.exportKey('raw', keyPair.publicKey)));
}

/** A new device key pair; its private key can sign but never be exported. */
function nuevoParDeClaves(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(ED25519, false, ['sign', 'verify']) as Promise<CryptoKeyPair>;
}

/** The pending registration of this name, or a new one with a fresh key pair. */
async function registroPendiente(nombre: string): Promise<RegistroPendiente> {
  const pendiente = await leerEntrada<RegistroPendiente>('pendiente');
  if (pendiente?.nombre === nombre) return pendiente;
  return { nombre, keyPair: await nuevoParDeClaves(), idempotencyKey: newIdempotencyKey() };
}

/**
 * Registers this browser as a staff device named `nombre` and keeps its registration,
 * replacing any earlier one. The attempt is kept before it is sent: if the answer is
 * lost, calling again with the same name replays it and makes no second device.
 */
export async function registrarDispositivo(nombre: string): Promise<DispositivoLocal> {
  const pendiente = await registroPendiente(nombre.trim());
  await escribirEntradas({ pendiente });
  try {
    const { data } = await api.send<Registro>('POST', '/dispositivos',
      { nombre: pendiente.nombre, clave_publica: await clavePublica(pendiente.keyPair) },
      { idempotencyKey: pendiente.idempotencyKey });
    const actual: DispositivoLocal = { ...data, keyPair: pendiente.keyPair };
    await escribirEntradas({ actual, pendiente: undefined });
    // A registered device will queue offline acts: ask the browser to keep its storage.
    void pedirAlmacenamientoPersistente();
    return actual;
  } catch (error) {
    if (error instanceof ApiError && RECHAZOS.includes(error.status)) await escribirEntradas({ pendiente: undefined });
    throw error;
  }
}

/** This browser's registration as a staff device, or null when it has none. */
export async function dispositivoActual(): Promise<DispositivoLocal | null> {
  return (await leerEntrada<DispositivoLocal>('actual')) ?? null;
}
