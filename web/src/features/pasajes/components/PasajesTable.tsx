import { ActionIcon, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconBrandWhatsapp, IconEye, IconFileTypePdf, IconPrinter, IconQrcode, IconRestore, IconX, type Icon } from '@tabler/icons-react';
import type { PasajeConsultado as Pasaje } from '@/api/pasajes';
import { ScrollTable } from '@/components/ScrollTable';
import { formatCantidad, formatDate, formatMontoOculto } from '@/lib/format';
import type { Accion } from './CambioEstadoDialog';
import { EstadoPasajeBadge } from '@/components/EstadoPasajeBadge';

/** What a row's buttons ask the page to do. */
interface AccionesPasaje {
  onDetalle: (p: Pasaje) => void;
  onImprimir: (p: Pasaje) => void;
  onPdf: (p: Pasaje) => void;
  onQr: (p: Pasaje) => void;
  onWhatsApp: (p: Pasaje) => void;
  onCambioEstado: (p: Pasaje, accion: Accion) => void;
}

/** Which actions the user's permissions allow. */
interface PermisosPasaje {
  imprimir: boolean;
  anular: boolean;
  /** Sending by WhatsApp: the role's whatsapp.enviar and the company's module. */
  whatsapp: boolean;
}

interface PasajesTableProps extends AccionesPasaje {
  pasajes: Pasaje[];
  permisos: PermisosPasaje;
}

function Accion({ label, icon: AccionIcon, color, onClick }: { label: string; icon: Icon; color?: string; onClick: () => void }) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick} size="lg">
        <AccionIcon size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

function Acciones({ p, permisos, ...on }: { p: Pasaje; permisos: PermisosPasaje } & AccionesPasaje) {
  return (
    <Group gap={2} wrap="nowrap">
      <Accion label="Ver detalle" icon={IconEye} onClick={() => on.onDetalle(p)} />
      {permisos.imprimir && <Accion label="Imprimir" icon={IconPrinter} onClick={() => on.onImprimir(p)} />}
      {permisos.imprimir && <Accion label="Descargar PDF" icon={IconFileTypePdf} onClick={() => on.onPdf(p)} />}
      <Accion label="Ver QR" icon={IconQrcode} onClick={() => on.onQr(p)} />
      {permisos.whatsapp && p.cliente.telefono && (
        <Accion label="Enviar por WhatsApp" icon={IconBrandWhatsapp} color="green.8" onClick={() => on.onWhatsApp(p)} />
      )}
      {permisos.anular && p.estado === 'activo' && (
        <Accion label="Cancelar pasaje" icon={IconX} color="red.8" onClick={() => on.onCambioEstado(p, 'cancelar')} />
      )}
      {permisos.anular && p.estado === 'cancelado' && (
        <Accion label="Reactivar pasaje" icon={IconRestore} color="green.8" onClick={() => on.onCambioEstado(p, 'reactivar')} />
      )}
    </Group>
  );
}

/** The ticket list's rows: ticket and client, trip, date, amount, state and the actions. */
export function PasajesTable({ pasajes, permisos, ...acciones }: PasajesTableProps) {
  return (
    <ScrollTable minWidth={860} aria-label="Pasajes">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Pasaje</Table.Th>
          <Table.Th>Viaje</Table.Th>
          <Table.Th>Fecha de viaje</Table.Th>
          <Table.Th>Monto</Table.Th>
          <Table.Th>Estado</Table.Th>
          <Table.Th>Acciones</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {pasajes.map((p) => (
          <Table.Tr key={p.id}>
            <Table.Td>
              <Stack gap={0}>
                <Text fw={700} size="sm">{p.numero_pasaje}</Text>
                <Text size="sm">{p.cliente.nombre || 'Cliente Anónimo'}</Text>
                {p.pasajero && <Text size="xs">Pasajero: {p.pasajero.nombre}</Text>}
                {p.cliente.telefono && <Text size="xs" c="dimmed">{p.cliente.telefono}</Text>}
              </Stack>
            </Table.Td>
            <Table.Td>
              <Stack gap={0}>
                <Text size="sm">{p.seccion.nombre}</Text>
                <Text size="xs" c="dimmed">{p.tipoViaje.nombre} · {formatCantidad(p.cantidad_pasajeros, 'pasajero')}</Text>
              </Stack>
            </Table.Td>
            <Table.Td>{formatDate(p.fecha_viaje)}</Table.Td>
            <Table.Td>
              <Stack gap={0}>
                <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMontoOculto(p.precio_total)}</Text>
                <Text size="xs" c="dimmed">{p.medio_pago_nombre}</Text>
              </Stack>
            </Table.Td>
            <Table.Td><EstadoPasajeBadge estado={p.estado} /></Table.Td>
            <Table.Td><Acciones p={p} permisos={permisos} {...acciones} /></Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}
