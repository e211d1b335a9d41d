import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { invalidateFor, type DomainEvent } from './invalidation';
import {
  authKeys, cajaKeys, configKeys, conflictosKeys, dashboardKeys, embarqueKeys, empresaKeys, empresasKeys, notificacionesKeys, pasajesKeys,
  pedidosKeys, publicKeys, reportesCajasKeys, reportesKeys, reportesPasajerosKeys, serviciosKeys, whatsappKeys,
} from './keys';
import { SIN_FILTRO } from './notificaciones';

/** One cached query of every kind the screens hold. */
const CACHED: Record<string, QueryKey> = {
  pasajes: [...pasajesKeys.all, 'lista', { pagina: 1 }],
  caja: cajaKeys.estado(),
  pedido: pedidosKeys.detalle(12),
  dashboardVendedor: dashboardKeys.stats(),
  dashboardLancha: dashboardKeys.lanchaStats(),
  monitoreoVendedores: dashboardKeys.vendedores(),
  pasajeros: embarqueKeys.pasajeros({ fecha: '2026-11-22', seccion_id: '', tipo_viaje_id: '', embarcado: '' }),
  viajes: embarqueKeys.viajes(),
  secciones: configKeys.activos('secciones'),
  precios: configKeys.precios(),
  empresa: empresaKeys.actual(7),
  empresas: empresasKeys.configuraciones(2),
  sesion: authKeys.me(7),
  landing: publicKeys.stats(),
  notificaciones: notificacionesKeys.lista(SIN_FILTRO),
  whatsapp: whatsappKeys.estado(),
  whatsappEmpresa: whatsappKeys.estadoEmpresa(3),
  whatsappGlobal: whatsappKeys.global(),
  whatsappConfig: whatsappKeys.config(),
  servicios: serviciosKeys.all,
  reporteVentas: reportesKeys.kpis({ periodo: 'mes', mes: '11', anio: '2026' }),
  reportePasajeros: reportesPasajerosKeys.estadisticas({ periodo: 'hoy' }),
  reporteCajas: reportesCajasKeys.lista({ periodo: 'hoy' }),
  conflictos: conflictosKeys.lista('pendientes', 1),
};

/** Which of CACHED each event must make stale; every other one stays fresh. */
const EXPECTED: Record<DomainEvent, string[]> = {
  pasajeCreado: ['pasajes', 'caja', 'dashboardVendedor', 'dashboardLancha', 'monitoreoVendedores', 'pasajeros', 'viajes', 'reporteVentas', 'reportePasajeros', 'reporteCajas'],
  pasajeValidado: ['pasajes', 'dashboardVendedor', 'dashboardLancha', 'monitoreoVendedores', 'pasajeros', 'viajes', 'reporteVentas', 'reportePasajeros', 'reporteCajas'],
  pasajeValidacionDeshecha: ['pasajes', 'dashboardVendedor', 'dashboardLancha', 'monitoreoVendedores', 'pasajeros', 'viajes', 'reporteVentas', 'reportePasajeros', 'reporteCajas'],
  pasajeCancelado: ['pasajes', 'caja', 'dashboardVendedor', 'dashboardLancha', 'monitoreoVendedores', 'pasajeros', 'viajes', 'reporteVentas', 'reportePasajeros', 'reporteCajas'],
  pasajeReactivado: ['pasajes', 'caja', 'dashboardVendedor', 'dashboardLancha', 'monitoreoVendedores', 'pasajeros', 'viajes', 'reporteVentas', 'reportePasajeros', 'reporteCajas'],
  pedidoCompletado: ['pedido', 'pasajes', 'caja', 'dashboardVendedor', 'dashboardLancha', 'monitoreoVendedores', 'pasajeros', 'viajes', 'reporteVentas', 'reportePasajeros', 'reporteCajas'],
  pedidoLiberado: ['pedido', 'pasajes'],
  cajaAbierta: ['caja', 'dashboardVendedor', 'dashboardLancha', 'monitoreoVendedores', 'reporteCajas'],
  cajaCerrada: ['caja', 'dashboardVendedor', 'dashboardLancha', 'monitoreoVendedores', 'reporteCajas'],
  movimientoCaja: ['caja', 'dashboardVendedor', 'dashboardLancha', 'monitoreoVendedores', 'reporteCajas'],
  configActualizada: ['secciones', 'precios', 'empresa', 'empresas', 'whatsappConfig'],
  nuevaVenta: ['pasajes', 'caja', 'dashboardVendedor', 'dashboardLancha', 'monitoreoVendedores', 'pasajeros', 'viajes', 'reporteVentas', 'reportePasajeros', 'reporteCajas'],
  notificacion: ['notificaciones'],
  alertaSistema: ['dashboardVendedor', 'dashboardLancha', 'monitoreoVendedores', 'conflictos'],
  usuarioConectado: ['dashboardVendedor', 'dashboardLancha', 'monitoreoVendedores'],
  usuarioDesconectado: ['dashboardVendedor', 'dashboardLancha', 'monitoreoVendedores'],
  whatsappStatus: ['whatsapp', 'whatsappEmpresa', 'whatsappGlobal', 'servicios'],
  resync: Object.keys(CACHED),
};

function cacheEverything(): QueryClient {
  const queryClient = new QueryClient();
  for (const key of Object.values(CACHED)) queryClient.setQueryData(key, { cargado: true });
  return queryClient;
}

describe('invalidateFor', () => {
  it.each(Object.entries(EXPECTED) as [DomainEvent, string[]][])('%s invalidates exactly its queries', async (event, expected) => {
    const queryClient = cacheEverything();
    await invalidateFor(queryClient, event);
    const stale = Object.entries(CACHED)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    expect(stale.sort()).toEqual([...expected].sort());
  });

  it('refetches the invalidated queries that are on screen and resolves after them', async () => {
    const queryClient = new QueryClient();
    let llamadas = 0;
    const enPantalla = new QueryObserver(queryClient, { queryKey: cajaKeys.estado(), queryFn: async () => ++llamadas });
    const unsubscribe = enPantalla.subscribe(() => {});
    await vi.waitFor(() => expect(enPantalla.getCurrentResult().data).toBe(1));

    await invalidateFor(queryClient, 'movimientoCaja');
    expect(enPantalla.getCurrentResult().data).toBe(2);
    unsubscribe();
  });
});
