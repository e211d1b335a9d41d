import { Group, NumberInput, SegmentedControl, Select, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { RangoFechas } from '@/components/RangoFechas';
import { ANIO_MAXIMO, ANIO_MINIMO, BASES_PERIODO, MESES, TIPOS_PERIODO, type BasePeriodo, type Periodo, type TipoPeriodo } from '@/features/reportes/periodo';

interface FiltroPeriodoProps {
  value: Periodo;
  onChange: (periodo: Periodo) => void;
  /** Offer the date basis (sale or travel date); reports over registers have none. */
  conBase?: boolean;
}

const OPCIONES_MES = MESES.map((label, i) => ({ value: String(i + 1), label }));
const OPCIONES_LARGAS = TIPOS_PERIODO.map(({ value, label }) => ({ value, label }));
const OPCIONES_CORTAS = TIPOS_PERIODO.map(({ value, corto }) => ({ value, label: corto }));

/** The period of a report (backoffice §2.15): today, a range of dates, a month of a year or a whole year. */
export function FiltroPeriodo({ value, onChange, conBase = true }: FiltroPeriodoProps) {
  const theme = useMantineTheme();
  const angosta = useMediaQuery(`(max-width: ${theme.breakpoints.xs})`, false, { getInitialValueInEffect: false });
  const cambiar = (parte: Partial<Periodo>) => onChange({ ...value, ...parte });
  const anio = (
    <NumberInput label="Año" w={110} min={ANIO_MINIMO} max={ANIO_MAXIMO} clampBehavior="strict" allowDecimal={false}
      allowNegative={false} value={value.anio}
      onChange={(v) => typeof v === 'number' && v >= ANIO_MINIMO && v <= ANIO_MAXIMO && cambiar({ anio: v })} />
  );
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" miw={0} maw="100%">
      {/* On a phone the four kinds go by their short names, so all of them fit the screen's width. */}
      <SegmentedControl aria-label="Período" data={angosta ? OPCIONES_CORTAS : OPCIONES_LARGAS} value={value.tipo}
        fullWidth={angosta} w={angosta ? '100%' : undefined} onChange={(tipo) => cambiar({ tipo: tipo as TipoPeriodo })} />
      {value.tipo === 'rango' && (
        <RangoFechas etiqueta="Fecha" desde={value.inicio} hasta={value.fin}
          onDesde={(inicio) => cambiar({ inicio })} onHasta={(fin) => cambiar({ fin })} />
      )}
      {value.tipo === 'mes' && (
        <>
          <Select label="Mes" w={150} data={OPCIONES_MES} value={String(value.mes)} allowDeselect={false}
            onChange={(mes) => mes && cambiar({ mes: Number(mes) })} />
          {anio}
        </>
      )}
      {value.tipo === 'año' && anio}
      {conBase && (
        <Select label="Fecha base" w={170} data={BASES_PERIODO} value={value.base} allowDeselect={false}
          onChange={(base) => base && cambiar({ base: base as BasePeriodo })} />
      )}
    </Group>
  );
}
