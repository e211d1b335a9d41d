import { Button, Card, Group, Select, Stack, Table, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useState } from 'react';
import {
  describirSentido,
  embarcacionesQuery,
  salidasQuery,
  TRANSICIONES_SALIDA,
  useAsignarEmbarcacion,
  useCambiarEstadoSalida,
  type EstadoSalida,
  type Salida,
} from '@/api/salidas';
import { mensajeExcedente } from '@/lib/capacidad';
import { zarpeAnticipado } from '@/features/salidas/zarpeAnticipado';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ParadasConHora } from '@/components/ParadasConHora';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { ScrollTable } from '@/components/ScrollTable';
import { errorMessage } from '@/lib/api';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useDialog } from '@/lib/dialog';
import { notifyError, notifySuccess } from '@/lib/notify';
import { CancelarSalidaModal } from '@/features/salidas/components/CancelarSalidaModal';
import { ExcedentesModal } from '@/features/salidas/components/ExcedentesModal';
import { ACCION_ESTADO, EstadoSalidaBadge } from '@/features/salidas/estado';

/** The boat of a departure: a select for whoever plans, while it has not sailed nor been cancelled. */
function EmbarcacionSalida({ salida, editable }: { salida: Salida; editable: boolean }) {
  const embarcaciones = useQuery({ ...embarcacionesQuery, enabled: editable });
  const asignar = useAsignarEmbarcacion();
  const abierta = salida.estado === 'programada' || salida.estado === 'embarcando';
  if (!editable || !abierta) {
    return <Text size="sm">{salida.embarcacion ?? <Text span c="dimmed" size="sm">Sin embarcación</Text>}</Text>;
  }
  const opciones = (embarcaciones.data ?? []).filter((b) => b.activo || b.id === salida.embarcacion_id)
    .map((b) => ({ value: String(b.id), label: b.nombre }));
  return (
    <Select
      size="xs"
      aria-label={`Embarcación de la salida de las ${salida.hora} a ${salida.seccion}`}
      placeholder="Sin embarcación"
      data={opciones}
      value={salida.embarcacion_id != null ? String(salida.embarcacion_id) : null}
      allowDeselect={false}
      disabled={asignar.isPending}
      onChange={(value) => {
        if (!value) return;
        asignar.mutate({ id: salida.id, embarcacionId: Number(value) }, {
          onSuccess: ({ message }) => notifySuccess(message ?? 'Embarcación de la salida actualizada'),
          onError: (error) => notifyError(errorMessage(error, 'No se pudo cambiar la embarcación')),
        });
      }}
    />
  );
}

interface AccionesProps {
  salida: Salida;
  ocupada: boolean;
  onCambiar: (s: Salida, estado: EstadoSalida) => void;
}

interface FilaSalidaProps extends AccionesProps {
  planifica: boolean;
  onExcedentes: (s: Salida) => void;
}

/** The buttons of the changes of state the server allows from the departure's state. */
function AccionesSalida({ salida: s, ocupada, onCambiar }: AccionesProps) {
  return (TRANSICIONES_SALIDA[s.estado as EstadoSalida] ?? []).map((estado) => (
    <Button key={estado} size="xs" variant={estado === 'cancelada' || estado === 'programada' ? 'default' : 'filled'}
      aria-label={`${ACCION_ESTADO[estado]}: ${s.hora} ${s.seccion}`} loading={ocupada} onClick={() => onCambiar(s, estado)}>
      {ACCION_ESTADO[estado]}
    </Button>
  ));
}

/** Passengers over the capacity after a change to a smaller boat: they must be moved before it sails ('Ver y mover'). */
function Excedente({ salida: s, onVer }: { salida: Salida; onVer: (s: Salida) => void }) {
  if (s.excedente <= 0) return null;
  return (
    <Stack gap={2} align="flex-end">
      <Text c="red.9" size="xs" fw={700}>
        {mensajeExcedente(s.excedente)}
      </Text>
      <Button size="compact-xs" variant="light" color="red.9" onClick={() => onVer(s)}
        aria-label={`Ver y mover los pasajeros excedentes de la salida de las ${s.hora}`}>
        Ver y mover
      </Button>
    </Stack>
  );
}

/** Who changed the state last, and when. */
function QuienCambio({ salida: s }: { salida: Salida }) {
  return s.estado_por && s.estado_en ? <Text c="dimmed" size="xs">{s.estado_por}, {formatDateTime(s.estado_en)}</Text> : null;
}

/** A departure as a card, on a phone: every figure and action without scrolling sideways. */
function SalidaTarjeta({ salida: s, planifica, onExcedentes, ...acciones }: FilaSalidaProps) {
  return (
    <Card withBorder padding="sm" component="article" aria-label={`Salida de las ${s.hora} a ${s.seccion}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{s.hora}{s.extra && <Text span c="dimmed" size="xs"> (extra)</Text>}</Text>
          <EstadoSalidaBadge estado={s.estado} />
        </Group>
        <Text size="sm">{s.seccion} · {describirSentido(s.sentido)}</Text>
        <ParadasConHora paradas={s.paradas} />
        <EmbarcacionSalida salida={s} editable={planifica} />
        <Text size="sm">Embarcados: {formatNumber(s.embarcados)} / {formatNumber(s.capacidad)} · Vendidos: {formatNumber(s.vendidos)}</Text>
        <Excedente salida={s} onVer={onExcedentes} />
        <QuienCambio salida={s} />
        <Group gap="xs"><AccionesSalida salida={s} {...acciones} /></Group>
      </Stack>
    </Card>
  );
}

interface SalidasDelDiaProps {
  fecha: string;
  /** Whoever plans (supervisors, admins) changes the boat. */
  planifica: boolean;
}

/** A date's departures: time, section, boat, boarded / capacity, state, and the changes of state the server allows. */
export function SalidasDelDia({ fecha, planifica }: SalidasDelDiaProps) {
  const query = useQuery(salidasQuery(fecha));
  const cambiar = useCambiarEstadoSalida();
  const [porCancelar, setPorCancelar] = useState<Salida | null>(null);
  /** A departure the server asked about sailing early, with its question. */
  const [porZarpar, setPorZarpar] = useState<{ salida: Salida; pregunta: string } | null>(null);
  const excedentes = useDialog<Salida>();
  const conPasajeros = useDialog<Salida>();

  const theme = useMantineTheme();
  const angosta = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, { getInitialValueInEffect: false });
  /** Cancelling a departure that sold tickets moves or refunds them (whoever plans); any other only asks first. */
  const onCambiar = (s: Salida, estado: EstadoSalida) => {
    if (estado !== 'cancelada') mover(s, estado);
    else if (planifica && s.vendidos > 0) conPasajeros.open(s);
    else setPorCancelar(s);
  };
  const ocupada = (s: Salida) => cambiar.isPending && cambiar.variables?.id === s.id;
  const mover = (s: Salida, estado: EstadoSalida, confirmarAnticipado = false) =>
    cambiar.mutate({ id: s.id, estado, confirmarAnticipado }, {
      onSuccess: ({ message }) => notifySuccess(message ?? 'Estado actualizado'),
      onError: (error) => {
        // More than 15 minutes early: the server's question goes into a dialog, and 'Zarpar igual' sends it again.
        if (!confirmarAnticipado && zarpeAnticipado(error)) setPorZarpar({ salida: s, pregunta: errorMessage(error, 'La salida todavía no llegó a su hora. ¿Zarpar igual?') });
        else notifyError(errorMessage(error, 'No se pudo cambiar el estado de la salida'));
      },
      onSettled: () => {
        setPorCancelar(null);
        if (confirmarAnticipado) setPorZarpar(null);
      },
    });

  return (
    <QueryState pending={query.isPending} error={query.data ? null : query.error} errorTitle="Error al cargar las salidas"
      onRetry={() => void query.refetch()}>
      {query.data?.length === 0 ? (
        <EmptyState icon={IconCalendarEvent} title="No hay salidas este día"
          message="Genera las salidas desde los horarios o abre una salida extra." />
      ) : angosta ? (
        <Stack gap="sm" aria-label="Salidas del día" role="list">
          {(query.data ?? []).map((s) => (
            <div role="listitem" key={s.id}>
              <SalidaTarjeta salida={s} planifica={planifica} ocupada={ocupada(s)} onCambiar={onCambiar} onExcedentes={excedentes.open} />
            </div>
          ))}
        </Stack>
      ) : (
        <ScrollTable minWidth={760} aria-label="Salidas del día">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Hora</Table.Th>
              <Table.Th>Sección</Table.Th>
              <Table.Th>Embarcación</Table.Th>
              <Table.Th ta="right">Vendidos</Table.Th>
              <Table.Th ta="right">Embarcados</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th ta="right">Acciones</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(query.data ?? []).map((s) => {
              return (
                <Table.Tr key={s.id}>
                  <Table.Td fw={600}>{s.hora}{s.extra && <Text span c="dimmed" size="xs"> (extra)</Text>}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{s.seccion} · {describirSentido(s.sentido)}</Text>
                    <ParadasConHora paradas={s.paradas} />
                  </Table.Td>
                  <Table.Td><EmbarcacionSalida salida={s} editable={planifica} /></Table.Td>
                  <Table.Td ta="right">{formatNumber(s.vendidos)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatNumber(s.embarcados)} / {formatNumber(s.capacidad)}
                    <Excedente salida={s} onVer={excedentes.open} />
                  </Table.Td>
                  <Table.Td>
                    <EstadoSalidaBadge estado={s.estado} />
                    <QuienCambio salida={s} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <AccionesSalida salida={s} ocupada={ocupada(s)} onCambiar={onCambiar} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </ScrollTable>
      )}
      <ExcedentesModal dialog={excedentes} />
      <CancelarSalidaModal dialog={conPasajeros} />
      <ConfirmDialog opened={porCancelar !== null} title="Cancelar salida" confirmLabel="Cancelar salida" cancelLabel="Volver"
        loading={cambiar.isPending} onConfirm={() => porCancelar && mover(porCancelar, 'cancelada')} onClose={() => setPorCancelar(null)}>
        {porCancelar && `La salida de las ${porCancelar.hora} a ${porCancelar.seccion} quedará cancelada; no se puede deshacer.`}
      </ConfirmDialog>
      <ConfirmDialog opened={porZarpar !== null} title="Zarpar antes de hora" confirmLabel="Zarpar igual" cancelLabel="Volver"
        loading={cambiar.isPending}
        onConfirm={() => porZarpar && mover(porZarpar.salida, 'zarpo', true)} onClose={() => setPorZarpar(null)}>
        {porZarpar && <Text>{porZarpar.pregunta}</Text>}
      </ConfirmDialog>
    </QueryState>
  );
}
