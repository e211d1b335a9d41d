import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { reportesPasajerosKeys } from '@/api/keys';
import { descargarPasajeros, useEstadisticasPasajeros, usePasajerosReporte, useRutasPopulares } from '@/api/reportes';
import { QueryState } from '@/components/QueryState';
import { StatCard } from '@/components/StatCard';
import { formatDecimal, formatNumber } from '@/lib/format';
import { BotonActualizar } from '@/features/reportes/components/BotonActualizar';
import { BotonesEmail, ENVIOS_PASAJEROS } from '@/features/reportes/components/BotonesEmail';
import { ExportarReporte } from '@/features/reportes/components/ExportarReporte';
import { FiltroPeriodo } from '@/features/reportes/components/FiltroPeriodo';
import { PasajerosFrecuentes } from '@/features/reportes/components/PasajerosFrecuentes';
import { RutasPopularesGrafico } from '@/features/reportes/components/RutasPopularesGrafico';
import { TablaPasajeros } from '@/features/reportes/components/TablaPasajeros';
import { parametrosPeriodo, usePeriodo, type Periodo } from '@/features/reportes/periodo';

/**
 * 'Reporte de Pasajeros' (backoffice §2.15): who travelled in the period, the most frequent passengers, the popular
 * routes and the detail, with its export. A passenger is the customer of a ticket sold with a document.
 */
export function ReportePasajerosPage() {
  const [periodo, setPeriodo] = usePeriodo();
  const [pagina, setPagina] = useState(1);
  const parametros = parametrosPeriodo(periodo);
  const estadisticas = useEstadisticasPasajeros(parametros);
  const listado = usePasajerosReporte(parametros, pagina);
  const rutas = useRutasPopulares(parametros);

  const cambiarPeriodo = (p: Periodo) => {
    setPagina(1);
    setPeriodo(p);
  };
  const sinDatos = (estadisticas.data?.clientesTop.length ?? 0) === 0 && (listado.data?.paginacion.total ?? 0) === 0;
  const cifras = estadisticas.data?.estadisticas;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} size="h2">Reporte de Pasajeros</Title>
          <Text c="dimmed">Quiénes viajaron en el período, con qué frecuencia y en qué rutas</Text>
        </div>
        <ExportarReporte descargar={descargarPasajeros} nombre="reporte-pasajeros" periodo={parametros} sinDatos={sinDatos}>
          <BotonesEmail envios={ENVIOS_PASAJEROS} periodo={periodo} sinDatos={sinDatos || !parametros} />
        </ExportarReporte>
      </Group>
      <Group align="flex-end" justify="space-between" gap="sm">
        <FiltroPeriodo value={periodo} onChange={cambiarPeriodo} />
        <BotonActualizar queryKey={reportesPasajerosKeys.all} disabled={!parametros} />
      </Group>
      {!parametros && <Text c="dimmed">Elija la fecha de inicio y la de fin del rango.</Text>}
      {parametros && (
        <QueryState pending={estadisticas.isPending} error={estadisticas.data ? null : estadisticas.error}
          errorTitle="Error al cargar el reporte de pasajeros" onRetry={() => void estadisticas.refetch()}>
          {cifras && (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
              <StatCard label="Total Pasajeros" value={formatNumber(cifras.totalPasajeros)}
                note={`${formatNumber(cifras.pasajerosRegistrados)} registrados (vendidos con su documento)`} />
              <StatCard label="Total Viajes" value={formatNumber(cifras.totalViajes)} />
              <StatCard label="Promedio Viajes/Cliente" value={formatDecimal(cifras.promedioViajesPorCliente, 1)} />
              <StatCard label="Clientes Nuevos" value={formatNumber(cifras.clientesNuevos)} note="Registrados que no habían viajado antes" />
            </SimpleGrid>
          )}
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <PasajerosFrecuentes clientes={estadisticas.data?.clientesTop ?? []} />
            <QueryState pending={rutas.isPending} error={rutas.data ? null : rutas.error}
              errorTitle="Error al cargar las rutas populares" onRetry={() => void rutas.refetch()}>
              <RutasPopularesGrafico rutas={rutas.data?.rutas_populares ?? []} />
            </QueryState>
          </SimpleGrid>
          <QueryState pending={listado.isPending} error={listado.data ? null : listado.error}
            errorTitle="Error al cargar los pasajeros" onRetry={() => void listado.refetch()}>
            {listado.data && <TablaPasajeros listado={listado.data} onPagina={setPagina} />}
          </QueryState>
        </QueryState>
      )}
    </Stack>
  );
}
