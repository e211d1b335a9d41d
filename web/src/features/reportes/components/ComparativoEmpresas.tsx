import '@mantine/charts/styles.css';
import { ScrollContainer } from '@/components/ScrollTable';
import { BarChart } from '@mantine/charts';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { comparativoEmpresasQuery, type ComparativoEmpresas as Comparativo } from '@/api/reportesEmpresas';
import { QueryState } from '@/components/QueryState';
import { FiltroPeriodo } from '@/features/reportes/components/FiltroPeriodo';
import { parametrosPeriodo, usePeriodo } from '@/features/reportes/periodo';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';

/** The chart names at most this many companies, the first ones by income. */
const EMPRESAS_EN_GRAFICO = 10;

/** Each company's income, tickets and registers over a period, beside the others', with the totals. */
export function ComparativoEmpresas() {
  const [periodo, setPeriodo] = usePeriodo();
  const params = parametrosPeriodo(periodo);
  const { data, isPending, error, refetch } = useQuery(comparativoEmpresasQuery(params));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="comparativo-empresas">
      <Stack>
        <Title order={2} size="h3" id="comparativo-empresas">Desempeño por empresa</Title>
        <FiltroPeriodo value={periodo} onChange={setPeriodo} />
        {params === null ? <Text c="dimmed">Elegí la fecha desde y la fecha hasta del rango.</Text> : (
          <QueryState pending={isPending} error={data ? null : error} errorTitle="Error al cargar los datos del reporte"
            onRetry={() => void refetch()}>
            {data && <Resultado data={data} />}
          </QueryState>
        )}
      </Stack>
    </Paper>
  );
}

function Resultado({ data }: { data: Comparativo }) {
  const { desde, hasta } = data.periodo;
  const grafico = [...data.empresas].sort((a, b) => b.ingresos - a.ingresos).slice(0, EMPRESAS_EN_GRAFICO)
    .map((e) => ({ empresa: e.nombre, ingresos: e.ingresos }));
  return (
    <>
      <Text size="sm" c="dimmed">
        Del {formatDate(desde)} al {formatDate(hasta)}, por fecha de {data.periodo.base === 'viaje' ? 'viaje' : 'venta'}; los pasajes cancelados van aparte.
      </Text>
      {data.totales.ingresos > 0 && (
        <div role="figure" aria-label="Ingresos por empresa">
          <BarChart h={260} data={grafico} dataKey="empresa" valueFormatter={formatMoney} yAxisProps={{ width: 110 }}
            series={[{ name: 'ingresos', label: 'Ingresos', color: 'blue.7' }]} />
        </div>
      )}
      <ScrollContainer minWidth={860} label="Desempeño por empresa">
        <Table striped aria-label="Desempeño por empresa">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Empresa</Table.Th>
              <Table.Th ta="right">Pasajes</Table.Th>
              <Table.Th ta="right">Ingresos</Table.Th>
              <Table.Th ta="right">Cancelados</Table.Th>
              <Table.Th ta="right">Cajas abiertas</Table.Th>
              <Table.Th ta="right">Cajas cerradas</Table.Th>
              <Table.Th ta="right">Cajas con faltante</Table.Th>
              <Table.Th ta="right">Diferencia de cajas</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.empresas.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{e.nombre}{!e.activa && ' (inactiva)'}</Table.Td>
                <Cifras f={e} />
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Th scope="row">Total</Table.Th>
              <Cifras f={data.totales} />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollContainer>
    </>
  );
}

/** The figure cells of a company or of the totals; a short register total reads 'faltante', not only red. */
function Cifras({ f }: { f: Comparativo['totales'] }) {
  return (
    <>
      <Table.Td ta="right">{formatNumber(f.pasajes)}</Table.Td>
      <Table.Td ta="right">{formatMoney(f.ingresos)}</Table.Td>
      <Table.Td ta="right">{formatNumber(f.cancelados)} ({formatMoney(f.importe_cancelado)})</Table.Td>
      <Table.Td ta="right">{formatNumber(f.cajas_abiertas)}</Table.Td>
      <Table.Td ta="right">{formatNumber(f.cajas_cerradas)}</Table.Td>
      <Table.Td ta="right">{formatNumber(f.cajas_con_faltante)}</Table.Td>
      <Table.Td ta="right" c={f.diferencia_cajas < 0 ? 'red.9' : undefined}>
        {formatMoney(f.diferencia_cajas)}{f.diferencia_cajas < 0 && ' faltante'}
      </Table.Td>
    </>
  );
}
