import type { ItemCatalogo } from '@/api/config';

/*
 * A payment method's behaviour follows its tipo, never its name (docs/features/venta-diferida.md,
 * "A payment method's behaviour by its tipo"; the server's domain.TiposMedioPago).
 */

/** The kind of a payment method. */
export type TipoMedioPago = NonNullable<ItemCatalogo['tipo']>;

/** The kinds, in the order the payment-method form offers them, with the server's labels. */
export const TIPOS_MEDIO_PAGO: { value: TipoMedioPago; label: string }[] = [
  { value: 'efectivo', label: 'Efectivo' },
  { value: 'tarjeta', label: 'Tarjeta (débito o crédito)' },
  { value: 'transferencia', label: 'Transferencia' },
  { value: 'mercadopago_qr', label: 'Mercado Pago QR' },
  { value: 'otro', label: 'Otro' },
];

/** The server's refusal of a kind change on a method with register movements (domain.MsgTipoConMovimientos). */
export const MSG_TIPO_CON_MOVIMIENTOS = 'El tipo de un medio de pago con movimientos no puede cambiarse: cree un medio nuevo';

type ConTipo = Pick<ItemCatalogo, 'tipo'>;

/** The method goes into the cash drawer: counted as cash, and the sale's default. */
export const esEfectivo = (medio: ConTipo) => medio.tipo === 'efectivo';

/** The method is confirmed outside Muelle (Mercado Pago's QR): never charged offline. */
export const confirmacionExterna = (medio: ConTipo) => medio.tipo === 'mercadopago_qr';

/** The blind close counts the method apart from the cash: not cash, not reconciled with the provider. */
export const seCuentaAlCierre = (medio: ConTipo) => !esEfectivo(medio) && !confirmacionExterna(medio);

/** The method may record a payment reference (card, transfer or as the company sets it). */
export const tomaReferencia = (tipo: TipoMedioPago) => tipo === 'tarjeta' || tipo === 'transferencia' || tipo === 'otro';
