import { Badge, Button, Group, Kbd, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconDownload, IconRefresh, IconSearch } from '@tabler/icons-react';
import type { Ref } from 'react';
import type { EstadoPasaje, FiltrosPasajes } from '@/api/pasajes';
import { RangoFechas } from '@/components/RangoFechas';
import { formatCantidad, formatDate } from '@/lib/format';
import { ESTADO_LABELS } from '@/components/EstadoPasajeBadge';

const ESTADOS = [
  { value: '', label: 'Todos' },
  ...(Object.keys(ESTADO_LABELS) as EstadoPasaje[]).map((e) => ({ value: e, label: ESTADO_LABELS[e] })),
];

/** Said when the filters match no ticket (operaciones §8). */
export const SIN_DATOS_EXPORTAR = 'No hay datos para exportar';

/** How many filters differ from the default (today, no search, every state). */
function filtrosActivos(filtros: FiltrosPasajes, hoy: string): number {
  return [filtros.busqueda.trim() !== '', filtros.fecha_inicio !== hoy, filtros.fecha_fin !== hoy, filtros.estado !== '',
    filtros.referencia.trim() !== ''].filter(Boolean).length;
}

interface FiltrosListadoProps {
  value: FiltrosPasajes;
  onChange: (filtros: FiltrosPasajes) => void;
  hoy: string;
  /** 'Mis Ventas': the seller's own sales, filtered by dates and the payment reference only. */
  propios?: boolean;
  exportando: boolean;
  /** The filters match no ticket: Exportar is disabled, saying why (backoffice §5). */
  sinDatos: boolean;
  onExportar: () => void;
  busquedaRef?: Ref<HTMLInputElement>;
  /** The sale days the server read (its answer's fecha_inicio and fecha_fin): said when a date was left empty. */
  ventana?: { desde: string; hasta: string };
}

/** Search, sale dates, state and payment reference, the active-filter badge, 'Restablecer a Hoy' and Exportar. */
export function FiltrosListado({ value, onChange, hoy, propios = false, exportando, sinDatos, onExportar, busquedaRef, ventana }: FiltrosListadoProps) {
  const set = <K extends keyof FiltrosPasajes>(key: K, v: FiltrosPasajes[K]) => onChange({ ...value, [key]: v });
  const activos = filtrosActivos(value, hoy);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Filtros">
      <SimpleGrid cols={{ base: 1, xs: 2, md: propios ? 2 : 4 }} spacing="sm">
        {!propios && (
          <TextInput
            ref={busquedaRef}
            type="search"
            label="Buscar"
            placeholder="Cliente, teléfono o N° de pasaje"
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={<Kbd size="xs" aria-hidden>/</Kbd>}
            value={value.busqueda}
            onChange={(e) => set('busqueda', e.currentTarget.value)}
            maxLength={100}
          />
        )}
        <RangoFechas etiqueta="Fecha de venta" desde={value.fecha_inicio} hasta={value.fecha_fin}
          onDesde={(fecha) => set('fecha_inicio', fecha)} onHasta={(fecha) => set('fecha_fin', fecha)} />
        {!propios && (
          <Select label="Estado" data={ESTADOS} value={value.estado} onChange={(v) => set('estado', (v ?? '') as FiltrosPasajes['estado'])} allowDeselect={false} />
        )}
        <TextInput
          label="Referencia de pago"
          description="Últimos 4 dígitos, autorización o N° de transferencia, completos"
          value={value.referencia}
          onChange={(e) => set('referencia', e.currentTarget.value)}
          maxLength={40}
          autoComplete="off"
        />
      </SimpleGrid>
      {ventana && (value.fecha_inicio === '' || value.fecha_fin === '') && (
        <Text size="xs" c="dimmed" mt="xs">
          Se muestran las ventas del {formatDate(ventana.desde)} al {formatDate(ventana.hasta)}.
        </Text>
      )}
      <Group justify="space-between" mt="sm" gap="xs">
        <Badge variant={activos > 0 ? 'filled' : 'light'} color={activos > 0 ? 'blue' : 'gray'} tt="none" aria-live="polite">
          {formatCantidad(activos, 'filtro activo', 'filtros activos')}
        </Badge>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => onChange({ ...value, busqueda: '', estado: '', referencia: '', fecha_inicio: hoy, fecha_fin: hoy })}
          >
            Restablecer a Hoy
          </Button>
          {sinDatos && <Text size="xs" c="dimmed" id="exportar-sin-datos">{SIN_DATOS_EXPORTAR}</Text>}
          <Button
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={exportando}
            disabled={sinDatos}
            aria-describedby={sinDatos ? 'exportar-sin-datos' : undefined}
            onClick={onExportar}
          >
            Exportar
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
