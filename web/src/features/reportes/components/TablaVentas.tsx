import { Table, Text } from '@mantine/core';
import type { VentaDetallada } from '@/api/reportes';
import { EstadoPasajeBadge } from '@/components/EstadoPasajeBadge';
import { ScrollTable } from '@/components/ScrollTable';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '@/lib/format';
import { textoReferencia } from '@/lib/referenciaPago';
import { formatPorcentaje } from './formato';

interface TablaVentasProps {
  ventas: readonly VentaDetallada[];
  /** The advanced report's columns too: sale and travel dates, trip type, payment method (with its reference), seller. */
  completa?: boolean;
  /** Which date the 'Fecha' column shows: the sale's (default) or the trip's, as the period's basis. */
  base?: 'venta' | 'viaje';
}

/**
 * The detailed sales: date, ticket, customer, section, price and state (activo green, usado blue, else red). On a phone
 * the ticket, its price and state stay as columns and the rest is written under the ticket number.
 */
export function TablaVentas({ ventas, completa = false, base = 'venta' }: TablaVentasProps) {
  const fecha = (v: VentaDetallada) => formatDate(base === 'viaje' ? v.fecha_viaje : v.fecha_venta);
  return (
    <ScrollTable minWidth={{ base: 0, sm: completa ? 1100 : 640 }} aria-label="Ventas detalladas">
      <Table.Thead>
        <Table.Tr>
          {completa
            ? <><Table.Th visibleFrom="sm">Fecha de venta</Table.Th><Table.Th visibleFrom="sm">Fecha de viaje</Table.Th></>
            : <Table.Th visibleFrom="sm">Fecha</Table.Th>}
          <Table.Th>N° Pasaje</Table.Th><Table.Th visibleFrom="sm">Cliente</Table.Th><Table.Th visibleFrom="sm">Sección</Table.Th>
          {completa && <><Table.Th visibleFrom="sm">Tipo de viaje</Table.Th><Table.Th visibleFrom="sm">Medio de pago</Table.Th><Table.Th visibleFrom="sm">Vendedor</Table.Th></>}
          <Table.Th ta="right">Precio</Table.Th><Table.Th>Estado</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {ventas.map((v) => (
          <Table.Tr key={v.id}>
            {completa ? (
              <>
                <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v.fecha_venta)}</Table.Td>
                <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>{formatDate(v.fecha_viaje)}</Table.Td>
              </>
            ) : (
              <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>{fecha(v)}</Table.Td>
            )}
            <Table.Td>
              <Text size="sm" ff="monospace">{v.numero_pasaje}</Text>
              <Text size="xs" c="dimmed" hiddenFrom="sm">
                {completa ? `Venta ${formatDateTime(v.fecha_venta)} · Viaje ${formatDate(v.fecha_viaje)}` : fecha(v)}
                {' · '}{v.cliente_nombre || 'N/A'} · {v.seccion_nombre}
                {completa && ` · ${v.tipo_viaje_nombre} · ${v.medio_pago_nombre} · ${v.vendedor}`}
              </Text>
            </Table.Td>
            <Table.Td visibleFrom="sm">{v.cliente_nombre || 'N/A'}</Table.Td>
            <Table.Td visibleFrom="sm">{v.seccion_nombre}</Table.Td>
            {completa && (
              <>
                <Table.Td visibleFrom="sm">{v.tipo_viaje_nombre}</Table.Td>
                <Table.Td visibleFrom="sm">
                  {v.medio_pago_nombre}
                  {(v.referencia || v.cobro_mp) && (
                    <Text size="xs" c="dimmed">{textoReferencia({ ...v.referencia, cobro_mp: v.cobro_mp })}</Text>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">{v.vendedor}</Table.Td>
              </>
            )}
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatMoney(v.precio)}</Table.Td>
            <Table.Td><EstadoPasajeBadge estado={v.estado} /></Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}

/** A row of a breakdown: what it is, its tickets and its amount. */
export interface FilaDesglose {
  clave: string | number;
  nombre: string;
  cantidad: number;
  total: number;
}

/** A breakdown of the sales (by section, trip type, seller, payment method) with each line's share of the income. */
export function TablaDesglose({ titulo, columna, filas }: { titulo: string; columna: string; filas: readonly FilaDesglose[] }) {
  const total = filas.reduce((s, f) => s + f.total, 0);
  return (
    <ScrollTable minWidth={0} aria-label={titulo}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{columna}</Table.Th><Table.Th ta="right">Pasajes</Table.Th><Table.Th ta="right">Ingresos</Table.Th><Table.Th ta="right">%</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {filas.length === 0 ? (
          <Table.Tr><Table.Td colSpan={4}><Text size="sm" c="dimmed">Sin ventas en el período</Text></Table.Td></Table.Tr>
        ) : filas.map((f) => (
          <Table.Tr key={f.clave}>
            <Table.Td>{f.nombre}</Table.Td>
            <Table.Td ta="right">{formatNumber(f.cantidad)}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatMoney(f.total)}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{total ? formatPorcentaje((f.total / total) * 100) : '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}
