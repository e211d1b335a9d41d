import { useMemo, useState } from 'react';
import type { ItemCatalogo, Precio } from '@/api/config';
import type { VentaInput } from '@/api/pasajes';
import { primerError } from './validation';

/** The payment method whose name contains 'efectivo' (any case), the default of a sale. */
export function medioEfectivo(medios: readonly ItemCatalogo[]): ItemCatalogo | undefined {
  return medios.find((m) => m.nombre.toLowerCase().includes('efectivo'));
}

/** Most passengers of one type in one sale (operaciones §9). */
export const MAX_POR_TIPO = 50;

/** Optional client fields of a sale. */
export interface DatosCliente {
  cliente_nombre: string;
  cliente_telefono: string;
  cliente_email: string;
  observaciones: string;
}

/** A passenger type with its price in the chosen section (null: no price, not for sale) and quantity. */
export interface Linea {
  tipo: ItemCatalogo;
  precio: number | null;
  cantidad: number;
  subtotal: number;
}

interface Estado {
  seccionId: number | null;
  cantidades: Record<number, number>;
  /** null: the default payment method (efectivo). */
  medioPagoId: number | null;
  /** null: today. */
  fechaViaje: string | null;
  cliente: DatosCliente;
}

const CLIENTE_VACIO: DatosCliente = { cliente_nombre: '', cliente_telefono: '', cliente_email: '', observaciones: '' };
const INICIAL: Estado = { seccionId: null, cantidades: {}, medioPagoId: null, fechaViaje: null, cliente: CLIENTE_VACIO };

const centavos = (monto: number) => Math.round(monto * 100);

/** Clamps a typed quantity to 0–50 (non-numbers are 0). */
function cantidadValida(value: number | string): number {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) ? Math.min(MAX_POR_TIPO, Math.max(0, n)) : 0;
}

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
      const cantidad = precio === null ? 0 : (cantidades[tipo.id] ?? 0);
      return { tipo, precio, cantidad, subtotal: (centavos(precio ?? 0) * cantidad) / 100 };
    });
  }, [tipos, precios, seccionId, cantidades]);

  const vendidas = lineas.filter((l) => l.cantidad > 0);
  const totalPasajeros = vendidas.reduce((n, l) => n + l.cantidad, 0);
  const total = vendidas.reduce((sum, l) => sum + centavos(l.subtotal), 0) / 100;
  const medioPagoId = estado.medioPagoId ?? medioEfectivo(medios)?.id ?? null;
  const fechaViaje = estado.fechaViaje ?? hoy;

  const update = (patch: Partial<Estado>) => setEstado((prev) => ({ ...prev, ...patch }));

  return {
    seccionId,
    cliente,
    lineas,
    vendidas,
    totalPasajeros,
    total,
    medioPagoId,
    fechaViaje,
    seleccionarSeccion: (id: number) => update({ seccionId: id }),
    cambiarSeccion: () => update({ seccionId: null }),
    setCantidad: (tipoId: number, value: number | string) =>
      setEstado((prev) => ({ ...prev, cantidades: { ...prev.cantidades, [tipoId]: cantidadValida(value) } })),
    setMedioPago: (id: number) => update({ medioPagoId: id }),
    setFechaViaje: (fecha: string) => update({ fechaViaje: fecha }),
    setCliente: (campo: keyof DatosCliente, value: string) =>
      setEstado((prev) => ({ ...prev, cliente: { ...prev.cliente, [campo]: value } })),
    /** Back to a new sale: no section, no passengers, efectivo, no client data; the trip date stays. */
    reset: () => setEstado((prev) => ({ ...INICIAL, fechaViaje: prev.fechaViaje })),
    /** The first failing submit check's message, or null. */
    validar: (cajaAbierta: boolean) => primerError({ cajaAbierta, seccionId, totalPasajeros, medioPagoId, fechaViaje, hoy }),
    /** The body of POST /pasajes/lote (call only once validar passed). */
    input: (): VentaInput => ({
      seccion_id: seccionId ?? 0,
      fecha_viaje: fechaViaje,
      medio_pago_id: medioPagoId ?? 0,
      cliente_nombre: cliente.cliente_nombre.trim() || 'Cliente Anónimo',
      cliente_telefono: cliente.cliente_telefono.trim(),
      cliente_email: cliente.cliente_email.trim(),
      observaciones: cliente.observaciones.trim(),
      lineas: vendidas.map((l) => ({ tipo_viaje_id: l.tipo.id, cantidad: l.cantidad })),
    }),
  };
}
