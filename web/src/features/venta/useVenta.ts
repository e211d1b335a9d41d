import { useMemo, useState } from 'react';
import type { ItemCatalogo, Precio } from '@/api/config';
import type { VentaInput } from '@/api/pasajes';
import { errorPasajeros, FILA_VACIA, pasajerosDe, type FilaPasajero } from './pasajeros';
import { primerError, type CajaDeVenta } from './validation';
import { errorReferencia, REFERENCIA_VACIA, referenciaDeVenta, type ReferenciaTipeada } from '@/lib/referenciaPago';
import { esEfectivo } from '@/lib/tipoMedioPago';

/** Most passengers of one type in one sale (operaciones §9). */
export const MAX_POR_TIPO = 50;

/** What the server names a sale sold with no name and no known document (domain.ClienteAnonimo). */
export const CLIENTE_ANONIMO = 'Cliente Anónimo';

/** Optional client fields of a sale. */
export interface DatosCliente {
  /** Links the sale to the customer of that document (created with the sale when new). */
  cliente_documento: string;
  cliente_nombre: string;
  cliente_telefono: string;
  cliente_email: string;
  observaciones: string;
}

/** A passenger type with its price in the chosen section (null: no price, not for sale) and quantity. */
export interface Linea {
  tipo: ItemCatalogo;
  precio: number | null;
  /** The quantity as typed. */
  texto: string;
  /** Why the typed quantity is refused, or null. */
  error: string | null;
  /** The quantity sold: 0 while the text is refused. */
  cantidad: number;
  subtotal: number;
}

/** Said under a quantity box whose text is not a whole number of 0 to 50. */
const CANTIDAD_INVALIDA = `Escribe un número entero de 0 a ${MAX_POR_TIPO}`;
/** Said under a quantity box past the maximum (operaciones §9). */
const CANTIDAD_EXCEDIDA = `Máximo ${MAX_POR_TIPO} pasajeros por tipo en una venta`;

/** Reads a typed quantity: what is typed is kept, a refused text is explained, never clamped. */
function leerCantidad(texto: string): { cantidad: number; error: string | null } {
  const limpio = texto.trim();
  if (limpio === '') return { cantidad: 0, error: null };
  if (!/^\d+$/.test(limpio)) return { cantidad: 0, error: CANTIDAD_INVALIDA };
  const n = Number(limpio);
  return n > MAX_POR_TIPO ? { cantidad: 0, error: CANTIDAD_EXCEDIDA } : { cantidad: n, error: null };
}

interface Estado {
  seccionId: number | null;
  /** The quantities as typed, by passenger type. */
  cantidades: Record<number, string>;
  /** null: the default payment method (efectivo). */
  medioPagoId: number | null;
  /** null: today. */
  fechaViaje: string | null;
  /** The seller pinned the trip date: it outlives the sale. */
  fechaFijada: boolean;
  cliente: DatosCliente;
  /** The passenger rows as typed, by ticket (a row past the tickets is kept, not sent). */
  pasajeros: FilaPasajero[];
  /** The payment's reference as typed; cleared when the method changes. */
  referencia: ReferenciaTipeada;
  /** The departure sold (null: the day, when it has none); cleared with the section and the date. */
  salidaId: number | null;
}

const CLIENTE_VACIO: DatosCliente = { cliente_documento: '', cliente_nombre: '', cliente_telefono: '', cliente_email: '', observaciones: '' };
const INICIAL: Estado = {
  seccionId: null, cantidades: {}, medioPagoId: null, fechaViaje: null, fechaFijada: false, cliente: CLIENTE_VACIO,
  pasajeros: [], referencia: REFERENCIA_VACIA, salidaId: null,
};

const centavos = (monto: number) => Math.round(monto * 100);

interface Catalogo {
  tipos: ItemCatalogo[];
  medios: ItemCatalogo[];
  precios: Precio[];
  /** Today, YYYY-MM-DD. */
  hoy: string;
}

/** State of the quick-sale form, its totals and the request body. */
export function useVenta({ tipos, medios, precios, hoy }: Catalogo) {
  const [estado, setEstado] = useState<Estado>(INICIAL);
  const { seccionId, cantidades, cliente } = estado;

  const lineas = useMemo<Linea[]>(() => {
    const precioDe = new Map(precios.filter((p) => p.seccion_id === seccionId).map((p) => [p.tipo_viaje_id, p.precio]));
    return tipos.map((tipo) => {
      const precio = precioDe.get(tipo.id) ?? null;
      const texto = precio === null ? '' : (cantidades[tipo.id] ?? '0');
      const { cantidad, error } = leerCantidad(texto);
      return { tipo, precio, texto, error, cantidad, subtotal: (centavos(precio ?? 0) * cantidad) / 100 };
    });
  }, [tipos, precios, seccionId, cantidades]);

  const vendidas = lineas.filter((l) => l.cantidad > 0);
  const totalPasajeros = vendidas.reduce((n, l) => n + l.cantidad, 0);
  const total = vendidas.reduce((sum, l) => sum + centavos(l.subtotal), 0) / 100;
  // A chosen method no longer offered (a QR one once the link dropped) is no choice: the seller picks again.
  const medio = estado.medioPagoId === null ? medios.find(esEfectivo) : medios.find((m) => m.id === estado.medioPagoId);
  const medioPagoId = medio?.id ?? null;
  const { referencia } = estado;
  const fechaViaje = estado.fechaViaje ?? hoy;
  const pasajeros = Array.from({ length: totalPasajeros }, (_, i) => estado.pasajeros[i] ?? FILA_VACIA);

  const update = (patch: Partial<Estado>) => setEstado((prev) => ({ ...prev, ...patch }));

  return {
    seccionId,
    cliente,
    lineas,
    vendidas,
    totalPasajeros,
    total,
    medioPagoId,
    medio,
    referencia,
    fechaViaje,
    fechaFijada: estado.fechaFijada,
    salidaId: estado.salidaId,
    seleccionarSeccion: (id: number) => update({ seccionId: id, salidaId: null }),
    cambiarSeccion: () => update({ seccionId: null, salidaId: null }),
    setSalida: (id: number | null) => update({ salidaId: id }),
    setCantidad: (tipoId: number, texto: string) =>
      setEstado((prev) => ({ ...prev, cantidades: { ...prev.cantidades, [tipoId]: texto } })),
    setMedioPago: (id: number) => update({ medioPagoId: id, referencia: REFERENCIA_VACIA }),
    setReferencia: (campo: keyof ReferenciaTipeada, value: string) =>
      setEstado((prev) => ({ ...prev, referencia: { ...prev.referencia, [campo]: value } })),
    setFechaViaje: (fecha: string) => update({ fechaViaje: fecha, salidaId: null }),
    setFechaFijada: (fijada: boolean) => update({ fechaFijada: fijada }),
    setCliente: (campo: keyof DatosCliente, value: string) =>
      setEstado((prev) => ({ ...prev, cliente: { ...prev.cliente, [campo]: value } })),
    /** One row per ticket, in the order of the lines. */
    pasajeros,
    setPasajero: (indice: number, campo: keyof FilaPasajero, value: string) =>
      setEstado((prev) => {
        const filas = [...prev.pasajeros];
        for (let i = filas.length; i <= indice; i++) filas[i] = FILA_VACIA;
        filas[indice] = { ...filas[indice], [campo]: value };
        return { ...prev, pasajeros: filas };
      }),
    /** Back to a new sale: no section, no passengers, efectivo, no client data, today unless the date is pinned. */
    reset: () => setEstado((prev) => (prev.fechaFijada ? { ...INICIAL, fechaViaje: prev.fechaViaje, fechaFijada: true } : INICIAL)),
    /** The first failing submit check's message, or null. */
    validar: (caja: CajaDeVenta, exigeNombres = false) =>
      lineas.find((l) => l.error !== null)?.error ??
      primerError({ caja, seccionId, totalPasajeros, medioPagoId, fechaViaje, hoy }) ??
      errorPasajeros(pasajeros, exigeNombres, cliente.cliente_nombre) ??
      errorReferencia(medio, referencia),
    /** The body of POST /pasajes/lote (call only once validar passed). */
    input: (): VentaInput => ({
      seccion_id: seccionId ?? 0,
      fecha_viaje: fechaViaje,
      medio_pago_id: medioPagoId ?? 0,
      // No name typed: none is sent, so the server takes the customer's of the document (or 'Cliente Anónimo').
      ...(cliente.cliente_nombre.trim() && { cliente_nombre: cliente.cliente_nombre.trim() }),
      ...(cliente.cliente_documento.trim() && { cliente_documento: cliente.cliente_documento.trim() }),
      cliente_telefono: cliente.cliente_telefono.trim(),
      cliente_email: cliente.cliente_email.trim(),
      observaciones: cliente.observaciones.trim(),
      ...(referenciaDeVenta(medio, referencia) && { referencia: referenciaDeVenta(medio, referencia) }),
      lineas: vendidas.map((l) => ({ tipo_viaje_id: l.tipo.id, cantidad: l.cantidad })),
      ...(pasajerosDe(pasajeros) && { pasajeros: pasajerosDe(pasajeros) }),
      ...(estado.salidaId !== null && { salida_id: estado.salidaId }),
    }),
  };
}
