import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowsExchange, IconCloudOff, IconEdit, IconFileSpreadsheet, IconFileText, IconLock, IconPrinter, IconSteeringWheel,
  IconUserEdit, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { archivoManifiesto, describirSentido, type FilaManifiesto, type Manifiesto } from '@/api/salidas';
import { Dato } from '@/components/Dato';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { ScrollTable } from '@/components/ScrollTable';
import { errorMessage } from '@/lib/api';
import { useDialog } from '@/lib/dialog';
import { downloadFile } from '@/lib/files';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { CorreccionManifiestoModal } from '@/features/salidas/components/CorreccionManifiestoModal';
import { MoverPasajeroModal, type PasajeroAMover } from '@/features/salidas/components/MoverPasajeroModal';
import { NombrarPasajeroModal, type PasajeroSinNombre } from '@/features/salidas/components/NombrarPasajeroModal';
import { TripulacionModal, type TripulacionAEditar } from '@/features/salidas/components/TripulacionModal';
import { EstadoSalidaBadge } from '@/features/salidas/estado';
import { useManifiesto } from '@/features/salidas/manifiesto';

const MSG_VENTANA_BLOQUEADA = 'Por favor, permite ventanas emergentes para la impresión';

/** 'Imprimir': the rol de pasajeros (the manifest's A4 PDF) in a new window (opened inside the click, or the browser blocks it). */
async function imprimir(salidaId: number) {
  const ventana = window.open('', '_blank');
  if (!ventana) {
    notifyError(MSG_VENTANA_BLOQUEADA);
    return;
  }
  try {
    const { blob } = await archivoManifiesto(salidaId, 'pdf');
    ventana.location.href = URL.createObjectURL(blob);
  } catch (error) {
    ventana.close();
    notifyError(errorMessage(error, 'No se pudo generar el PDF del manifiesto'));
  }
}

async function descargar(m: Manifiesto, formato: 'csv' | 'xlsx') {
  try {
    const h = m.encabezado;
    downloadFile(await archivoManifiesto(h.salida_id, formato), `manifiesto-${h.fecha}-salida-${h.salida_id}.${formato}`);
    notifySuccess('Manifiesto descargado');
  } catch (error) {
    notifyError(errorMessage(error, 'No se pudo descargar el manifiesto'));
  }
}

function Encabezado({ m }: { m: Manifiesto }) {
  const h = m.encabezado;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <Dato label="Fecha">{formatDate(h.fecha)} {h.hora}</Dato>
      <Dato label="Sentido">{describirSentido(h.sentido)}</Dato>
      <Dato label="Embarcación">{h.embarcacion ? `${h.embarcacion}${h.matricula ? ` (${h.matricula})` : ''}` : 'Sin embarcación'}</Dato>
      <Dato label="Capacidad habilitada">{formatNumber(h.capacidad)} pasajeros</Dato>
      {h.vencimiento_certificado && <Dato label="Certificado">Vigente hasta {formatDate(h.vencimiento_certificado)}</Dato>}
      <Dato label="Tripulación">
        {m.tripulacion.length === 0
          ? <Text span size="sm" c="dimmed">Sin designar</Text>
          : <Stack gap={0}>{m.tripulacion.map((t) => <Text key={`${t.funcion}-${t.nombre}`} span size="sm">{t.funcion_etiqueta}: {t.nombre}</Text>)}</Stack>}
      </Dato>
      <Dato label="Estado"><EstadoSalidaBadge estado={h.estado} /></Dato>
      {h.estado === 'zarpo' && h.estado_por && h.estado_en && (
        <Dato label="Zarpó">{formatDateTime(h.estado_en)}, por {h.estado_por}</Dato>
      )}
      <Dato label="Pasajeros / capacidad" strong>{formatNumber(m.total)} / {formatNumber(h.capacidad)}</Dato>
      <Dato label="Manifiesto">
        {m.congelado && m.congelado_en
          ? <Text span size="sm"><IconLock size={14} aria-hidden /> Congelado al zarpe, {formatDateTime(m.congelado_en)}</Text>
          : <Text span size="sm">En curso: cambia con cada embarque</Text>}
      </Dato>
    </SimpleGrid>
  );
}

interface FilaProps {
  f: FilaManifiesto;
  /** Set while the departure still boards: a corrected row has no boarding to move. */
  onMover?: (f: FilaManifiesto) => void;
  /** Set for supervisors and admins while it boards: a row whose ticket names no passenger gets 'Nombrar'. */
  onNombrar?: (f: FilaManifiesto) => void;
}

/** A passenger of the manifest, with 'Mover' and 'Nombrar' while the departure boards. */
function Fila({ f, onMover, onNombrar }: FilaProps) {
  const k = f.correccion;
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{f.numero_pasaje}</Table.Td>
      <Table.Td>{f.pasajero}</Table.Td>
      <Table.Td>{f.documento ?? <Text span c="dimmed" size="sm">—</Text>}</Table.Td>
      <Table.Td>{f.nacionalidad ?? ''}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{f.fecha_nacimiento ? formatDate(f.fecha_nacimiento) : f.franja_edad ?? ''}</Table.Td>
      <Table.Td>{f.sexo ?? ''}</Table.Td>
      <Table.Td>{f.tipo_viaje}</Table.Td>
      <Table.Td>{f.tramo_etiqueta}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{f.fecha_embarque ? formatDateTime(f.fecha_embarque) : '—'}</Table.Td>
      <Table.Td>
        {f.tripulante ?? ''}
        {k && (
          <Stack gap={2}>
            <Badge color="orange" variant="light">Corrección</Badge>
            <Text size="xs" c="dimmed">{k.motivo} — {k.usuario}, {formatDateTime(k.fecha)}</Text>
          </Stack>
        )}
      </Table.Td>
      {(onMover || onNombrar) && (
        <Table.Td>
          {!k && (
            <Group gap={4} wrap="nowrap">
              {onMover && (
                <Button size="xs" variant="default" leftSection={<IconArrowsExchange size={14} aria-hidden />}
                  aria-label={`Mover ${f.pasajero || f.numero_pasaje} a otra salida`} onClick={() => onMover(f)}>
                  Mover
                </Button>
              )}
              {onNombrar && !f.nombrado && (
                <Button size="xs" variant="default" leftSection={<IconUserEdit size={14} aria-hidden />}
                  aria-label={`Nombrar al pasajero del pasaje ${f.numero_pasaje}`} onClick={() => onNombrar(f)}>
                  Nombrar
                </Button>
              )}
            </Group>
          )}
        </Table.Td>
      )}
    </Table.Tr>
  );
}

function Correcciones({ m }: { m: Manifiesto }) {
  if (m.correcciones.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Correcciones">
      <Title order={3} size="h5">Correcciones</Title>
      <ScrollTable minWidth={560} aria-label="Correcciones del manifiesto">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Acción</Table.Th>
            <Table.Th>N° pasaje</Table.Th>
            <Table.Th>Motivo</Table.Th>
            <Table.Th>Usuario</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {m.correcciones.map((k) => (
            <Table.Tr key={k.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(k.fecha)}</Table.Td>
              <Table.Td>{k.accion === 'agregar' ? 'Agregó' : 'Quitó'} ({describirSentido(k.tramo)})</Table.Td>
              <Table.Td>{k.numero_pasaje}</Table.Td>
              <Table.Td>{k.motivo}</Table.Td>
              <Table.Td>{k.usuario}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ScrollTable>
    </Stack>
  );
}

interface ManifiestoSalidaProps {
  salidaId: number;
  /** Supervisors and admins correct a frozen manifest (the server checks it too). */
  corrige: boolean;
}

/**
 * A departure's manifest: its heading (boat, its certificate, capacity, crew, state, who sailed it), the totals by
 * trip type, its passengers with their data, leg, boarding time and crew member, the corrections of a frozen one,
 * 'Imprimir' (the rol de pasajeros, an A4 PDF), 'Descargar CSV' and 'XLSX', and for supervisors and admins
 * 'Tripulación' until it sails. Without connection it shows the copy kept on this device.
 */
export function ManifiestoSalida({ salidaId, corrige }: ManifiestoSalidaProps) {
  const v = useManifiesto(salidaId);
  const corregir = useDialog<number>();
  const moverDialog = useDialog<PasajeroAMover>();
  const tripulacion = useDialog<TripulacionAEditar>();
  const nombrarDialog = useDialog<PasajeroSinNombre>();
  const [imprimiendo, setImprimiendo] = useState(false);
  const m = v.manifiesto;
  // Passengers move while the departure still boards (the server checks it too), never from a kept copy.
  const abierta = m && !v.local && (m.encabezado.estado === 'programada' || m.encabezado.estado === 'embarcando');
  const onMover = abierta ? (f: FilaManifiesto) => moverDialog.open({ pasajeId: f.pasaje_id, numero: f.numero_pasaje,
    nombre: f.pasajero, salidaId: m.encabezado.salida_id, fecha: m.encabezado.fecha }) : undefined;
  const onNombrar = abierta && corrige
    ? (f: FilaManifiesto) => nombrarDialog.open({ pasajeId: f.pasaje_id, numero: f.numero_pasaje, comprador: f.pasajero })
    : undefined;
  const titulo = m ? `Manifiesto: ${m.encabezado.hora} ${m.encabezado.seccion}` : 'Manifiesto';
  return (
    <Card withBorder component="section" aria-label={titulo}>
      <QueryState pending={v.pending} error={v.error} errorTitle="Error al cargar el manifiesto" onRetry={v.refetch}>
        {m && (
          <Stack>
            <Group justify="space-between" align="flex-start">
              <Title order={2} size="h3">{titulo}</Title>
              <Group gap="xs">
                <Button variant="default" size="sm" leftSection={<IconPrinter size={16} aria-hidden />} loading={imprimiendo}
                  disabled={v.local} onClick={() => {
                    setImprimiendo(true);
                    void imprimir(salidaId).finally(() => setImprimiendo(false));
                  }}>
                  Imprimir
                </Button>
                <Button variant="default" size="sm" leftSection={<IconFileText size={16} aria-hidden />} disabled={v.local}
                  onClick={() => void descargar(m, 'csv')}>
                  Descargar CSV
                </Button>
                <Button variant="default" size="sm" leftSection={<IconFileSpreadsheet size={16} aria-hidden />} disabled={v.local}
                  onClick={() => void descargar(m, 'xlsx')}>
                  Descargar XLSX
                </Button>
                {corrige && abierta && (
                  <Button variant="default" size="sm" leftSection={<IconSteeringWheel size={16} aria-hidden />}
                    onClick={() => tripulacion.open({ salidaId, tripulacion: m.tripulacion })}>
                    Tripulación
                  </Button>
                )}
                {corrige && m.congelado && (
                  <Button size="sm" leftSection={<IconEdit size={16} aria-hidden />} disabled={v.local}
                    onClick={() => corregir.open(salidaId)}>
                    Corregir
                  </Button>
                )}
              </Group>
            </Group>
            {v.local && v.guardadoEn !== null && (
              <Alert color="yellow" icon={<IconCloudOff aria-hidden />} title="Sin conexión">
                Manifiesto guardado en este dispositivo el {formatDateTime(v.guardadoEn)}.
              </Alert>
            )}
            <Encabezado m={m} />
            <Group gap="xs" role="list" aria-label="Totales por tipo de viaje">
              {m.totales.map((t) => (
                <Badge key={t.tipo_viaje} role="listitem" variant="outline" color="gray">
                  {t.tipo_viaje}: {formatNumber(t.pasajeros)}
                </Badge>
              ))}
              <Badge role="listitem" variant="filled">Total: {formatNumber(m.total)}</Badge>
            </Group>
            {m.filas.length === 0 ? (
              <EmptyState icon={IconUsers} title="Sin pasajeros a bordo" message="Nadie embarcó todavía en esta salida." />
            ) : (
              <ScrollTable minWidth={1100} aria-label="Pasajeros de la salida">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>N° pasaje</Table.Th>
                    <Table.Th>Pasajero</Table.Th>
                    <Table.Th>Documento</Table.Th>
                    <Table.Th>Nacionalidad</Table.Th>
                    <Table.Th>Nacimiento / edad</Table.Th>
                    <Table.Th>Sexo</Table.Th>
                    <Table.Th>Tipo de viaje</Table.Th>
                    <Table.Th>Tramo</Table.Th>
                    <Table.Th>Embarque</Table.Th>
                    <Table.Th>Tripulante</Table.Th>
                    {(onMover || onNombrar) && <Table.Th>Acciones</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {m.filas.map((f) => <Fila key={`${f.pasaje_id}-${f.tramo}-${f.correccion?.id ?? 0}`} f={f} onMover={onMover}
                    onNombrar={onNombrar} />)}
                </Table.Tbody>
              </ScrollTable>
            )}
            <Correcciones m={m} />
          </Stack>
        )}
      </QueryState>
      <CorreccionManifiestoModal dialog={corregir} />
      <MoverPasajeroModal dialog={moverDialog} />
      <TripulacionModal dialog={tripulacion} />
      <NombrarPasajeroModal dialog={nombrarDialog} />
    </Card>
  );
}
