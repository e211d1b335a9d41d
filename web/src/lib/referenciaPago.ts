import type { ItemCatalogo } from '@/api/config';
import type { Schema } from '@/api/contract';

/** A payment's reference as a sale sends it (docs/features/referencias-pago.md). */
export type ReferenciaPago = Schema<'ReferenciaPago'>;

/** The kind of reference a payment method's sales record. */
export type TipoReferencia = 'ninguna' | 'tarjeta' | 'transferencia';

/** The kinds, as the payment-method form offers them. */
export const TIPOS_REFERENCIA: { value: TipoReferencia; label: string }[] = [
  { value: 'ninguna', label: 'Ninguna (efectivo, vales)' },
  { value: 'tarjeta', label: 'Tarjeta: últimos 4 dígitos y autorización' },
  { value: 'transferencia', label: 'Transferencia: número de operación' },
];

/** The reference fields as typed in the quick sale. */
export interface ReferenciaTipeada {
  ultimos4: string;
  autorizacion: string;
  transferencia: string;
}

export const REFERENCIA_VACIA: ReferenciaTipeada = { ultimos4: '', autorizacion: '', transferencia: '' };

/** Bounds checked by the server too (domain.Referencia). */
export const MAX_AUTORIZACION = 12;
export const MAX_TRANSFERENCIA = 40;

/** The server's messages (domain/referencia.go), so the seller reads the same text before sending. */
export const REFERENCIA_MESSAGES = {
  ultimos4: 'Los últimos 4 dígitos de la tarjeta deben ser exactamente 4 números',
  autorizacion: 'El código de autorización debe tener entre 1 y 12 letras o números',
  transferencia: 'El número de transferencia debe tener entre 1 y 40 caracteres, sin caracteres de control',
  faltaTarjeta: (medio: string) =>
    `El medio de pago «${medio}» requiere los últimos 4 dígitos de la tarjeta y el código de autorización`,
  faltaTransferencia: (medio: string) => `El medio de pago «${medio}» requiere el número de transferencia`,
} as const;

/** The kind of reference of a payment method (none when it has no such field). */
export function tipoReferencia(medio: ItemCatalogo | undefined): TipoReferencia {
  return (medio?.referencia as TipoReferencia | null | undefined) ?? 'ninguna';
}

// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The first problem of the typed reference for the method, or null (the server checks it again). */
export function errorReferencia(medio: ItemCatalogo | undefined, ref: ReferenciaTipeada): string | null {
  const tipo = tipoReferencia(medio);
  const nombre = medio?.nombre ?? '';
  const obligatoria = medio?.referencia_obligatoria ?? false;
  if (tipo === 'tarjeta') {
    const ultimos4 = ref.ultimos4.trim();
    const autorizacion = ref.autorizacion.trim();
    if (ultimos4 && !/^\d{4}$/.test(ultimos4)) return REFERENCIA_MESSAGES.ultimos4;
    if (autorizacion && !new RegExp(`^[A-Za-z0-9]{1,${MAX_AUTORIZACION}}$`).test(autorizacion)) return REFERENCIA_MESSAGES.autorizacion;
    if (obligatoria && (!ultimos4 || !autorizacion)) return REFERENCIA_MESSAGES.faltaTarjeta(nombre);
  }
  if (tipo === 'transferencia') {
    const transferencia = ref.transferencia.trim();
    if (transferencia.length > MAX_TRANSFERENCIA || CONTROL.test(transferencia)) return REFERENCIA_MESSAGES.transferencia;
    if (obligatoria && !transferencia) return REFERENCIA_MESSAGES.faltaTransferencia(nombre);
  }
  return null;
}

/** The reference part of a sale's body for the method: only the fields its kind takes, none when empty. */
export function referenciaDeVenta(medio: ItemCatalogo | undefined, ref: ReferenciaTipeada): ReferenciaPago | undefined {
  const tipo = tipoReferencia(medio);
  let out: ReferenciaPago = {};
  if (tipo === 'tarjeta') {
    const ultimos4 = ref.ultimos4.trim();
    const autorizacion = ref.autorizacion.trim().toUpperCase();
    out = { ...(ultimos4 && { ultimos4 }), ...(autorizacion && { autorizacion }) };
  }
  if (tipo === 'transferencia' && ref.transferencia.trim()) out = { transferencia: ref.transferencia.trim() };
  return Object.keys(out).length > 0 ? out : undefined;
}

/** A Mercado Pago QR payment's order and payment at the provider (stored by Muelle, never typed). */
type CobroMP = { orden: string; pago: string };

/**
 * A stored reference as the close and the reports show it: '•••• 1234 · Aut. ABC123', 'Transf. 0001',
 * 'Mercado Pago: orden … · pago …', '' when none.
 */
export function textoReferencia(ref: (ReferenciaPago & { cobro_mp?: CobroMP | null }) | null | undefined): string {
  if (!ref) return '';
  const partes = [
    ref.ultimos4 && `•••• ${ref.ultimos4}`,
    ref.autorizacion && `Aut. ${ref.autorizacion}`,
    ref.transferencia && `Transf. ${ref.transferencia}`,
    ref.cobro_mp && `Mercado Pago: orden ${ref.cobro_mp.orden} · pago ${ref.cobro_mp.pago}`,
  ];
  return partes.filter(Boolean).join(' · ');
}
