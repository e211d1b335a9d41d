import { useEmpresa } from '@/lib/company';

/** When a sale asks for one confirmation (GET /config/empresa; these defaults while it loads). */
export interface UmbralVentaGrande {
  masDePasajes: number;
  montoMayorA: number;
}

/** The server's default: more than 10 tickets or more than $ 100.000,00. */
const UMBRAL_POR_DEFECTO: UmbralVentaGrande = { masDePasajes: 10, montoMayorA: 100_000 };

/** The company's threshold for a sale well above the usual. */
export function useUmbralVentaGrande(): UmbralVentaGrande {
  const empresa = useEmpresa();
  return {
    masDePasajes: empresa.venta_confirmar_mas_de_pasajes ?? UMBRAL_POR_DEFECTO.masDePasajes,
    montoMayorA: empresa.venta_confirmar_monto_mayor_a ?? UMBRAL_POR_DEFECTO.montoMayorA,
  };
}

/** A sale well above the usual: a stray Enter must not send it without one confirmation. */
export function esVentaGrande(umbral: UmbralVentaGrande, pasajes: number, total: number): boolean {
  return pasajes > umbral.masDePasajes || Math.round(total * 100) > Math.round(umbral.montoMayorA * 100);
}
