import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Title } from '@mantine/core';
import type { EmpresaResumen } from '@/api/dashboard';

/** The chart shows the first 10 companies, names cut at 15 characters (operaciones §9). */
const EMPRESAS_EN_GRAFICO = 10;
const LARGO_NOMBRE_GRAFICO = 15;

/** One bar group of the chart. */
export interface BarraEmpresa {
  empresa: string;
  pasajes: number;
  usuarios: number;
}

/** The chart's data: today's tickets and active users of the first companies. */
export function datosGrafico(empresas: readonly EmpresaResumen[]): BarraEmpresa[] {
  return empresas.slice(0, EMPRESAS_EN_GRAFICO).map((e) => ({
    empresa: e.nombre.slice(0, LARGO_NOMBRE_GRAFICO),
    pasajes: e.pasajes_hoy,
    usuarios: e.usuarios_activos,
  }));
}

/** Bar chart of today's tickets versus active users per company. */
export function GraficoEmpresas({ empresas }: { empresas: readonly EmpresaResumen[] }) {
  return (
    <Paper withBorder p="md" radius="md" role="figure" aria-label="Pasajes de hoy y usuarios activos por empresa">
      <Title order={2} size="h4" mb="sm">Pasajes de hoy y usuarios activos por empresa</Title>
      <BarChart
        h={300}
        data={datosGrafico(empresas)}
        dataKey="empresa"
        withLegend
        series={[
          { name: 'pasajes', label: 'Pasajes hoy', color: 'blue.6' },
          { name: 'usuarios', label: 'Usuarios activos', color: 'teal.6' },
        ]}
      />
    </Paper>
  );
}
