import { Alert, Badge, Button, Group, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { pdfReporteCaja, useReporteCaja, type CierreZ, type CifrasLineaCaja, type PapelReporteCaja, type ReporteCaja } from '@/api/reportes';
import { Dato } from '@/components/Dato';
import { QueryState } from '@/components/QueryState';
import { ScrollTable } from '@/components/ScrollTable';
import { etiquetaDenominacion } from '@/lib/denominaciones';
import { formatDateTime, formatMoney } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { textoReferencia } from '@/lib/referenciaPago';

/** The report's title: 'Reporte Z N° n' once closed, 'Reporte X' while open, 'Reporte Z' when closed without a number. */
export function tituloReporteCaja(r: Pick<ReporteCaja, 'numero_z' | 'estado'>): string {
  if (r.numero_z != null) return `Reporte Z N° ${r.numero_z}`;
  return r.estado === 'abierta' ? 'Reporte X' : 'Reporte Z';
}

const MSG_VENTANA_BLOQUEADA = 'Por favor, permite ventanas emergentes para la impresión';
const MSG_ERROR_PDF = '❌ Error al generar el reporte PDF';

/** Opens the report's PDF in a window opened inside the click (browsers block it after an await). */
async function imprimir(id: number, papel: PapelReporteCaja) {
  const ventana = window.open('', '_blank');
  if (!ventana) {
    notifyError(MSG_VENTANA_BLOQUEADA);
    return;
  }
  try {
    const { blob } = await pdfReporteCaja(id, papel);
    ventana.location.href = URL.createObjectURL(blob);
  } catch {
    ventana.close();
    notifyError(MSG_ERROR_PDF);
  }
}

const COLUMNAS: [keyof CifrasLineaCaja, string][] = [
  ['apertura', 'Apertura'], ['ventas', 'Ventas'], ['devoluciones', 'Devoluciones'], ['otros_ingresos', 'Otros ingresos'],
  ['egresos', 'Egresos'], ['esperado', 'Esperado'], ['contado', 'Contado'], ['diferencia', 'Diferencia'],
];

function celdas(c: CifrasLineaCaja) {
  return COLUMNAS.map(([clave]) => {
    const v = c[clave];
    const corto = clave === 'diferencia' && typeof v === 'number' && v < 0;
    return (
      <Table.Td key={clave} ta="right" c={corto ? 'red.9' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {typeof v === 'number' ? formatMoney(v) : '—'}
      </Table.Td>
    );
  });
}

/** How the register was counted at its close (Z reports since issue 36): the bills and coins, and who approved its difference. */
function ConteoDelCierre({ cierre }: { cierre: CierreZ }) {
  const aprobador = cierre.aprobado_por;
  return (
    <Stack gap="xs" component="section" aria-labelledby="conteo-del-cierre">
      <Title order={3} size="h5" id="conteo-del-cierre">Conteo del cierre</Title>
      {cierre.denominaciones.length > 0 ? (
        <Table aria-label="Efectivo por denominación" maw={480}>
          <Table.Thead>
            <Table.Tr><Table.Th>Denominación</Table.Th><Table.Th ta="right">Cantidad</Table.Th><Table.Th ta="right">Subtotal</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cierre.denominaciones.map((d) => (
              <Table.Tr key={d.codigo}>
                <Table.Td>{etiquetaDenominacion(d)}</Table.Td>
                <Table.Td ta="right">{d.cantidad}</Table.Td>
                <Table.Td ta="right">{formatMoney(d.subtotal)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr fw={700}>
              <Table.Td colSpan={2}>Total por denominación</Table.Td>
              <Table.Td ta="right">{formatMoney(cierre.total_denominaciones)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">El efectivo se contó por su total, sin detalle por denominación.</Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Dato label="Discrepancia">{formatMoney(cierre.discrepancia)}</Dato>
        <Dato label="Tolerancia">{formatMoney(cierre.tolerancia)}</Dato>
        <Dato label="Aprobó la diferencia">
          {aprobador
            ? `${aprobador.nombre} (${aprobador.nombre_usuario})${cierre.fecha_aprobacion ? `, ${formatDateTime(cierre.fecha_aprobacion)}` : ''}`
            : 'No requerida (dentro de la tolerancia)'}
        </Dato>
      </SimpleGrid>
    </Stack>
  );
}

/** The register's movements by a method other than cash, by method, with their references: what the card and transfer slips are matched against. */
function ReferenciasDePago({ referencias = [] }: { referencias: ReporteCaja['referencias'] }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="referencias-de-pago">
      <Title order={3} size="h5" id="referencias-de-pago">Referencias de pago</Title>
      {referencias.length === 0 ? (
        <Text size="sm" c="dimmed">La caja no tiene movimientos con tarjeta ni transferencia.</Text>
      ) : (
        <ScrollTable minWidth={640} aria-label="Movimientos con tarjeta o transferencia">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Medio de pago</Table.Th><Table.Th>Fecha</Table.Th><Table.Th>Descripción</Table.Th>
              <Table.Th>Referencia</Table.Th><Table.Th ta="right">Monto</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {referencias.map((m) => (
              <Table.Tr key={m.movimiento_id}>
                <Table.Td>{m.medio_pago}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.created_at)}</Table.Td>
                <Table.Td>{m.descripcion}</Table.Td>
                <Table.Td>{textoReferencia(m.referencia) || 'Sin referencia'}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatMoney(m.monto)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
    </Stack>
  );
}

function Contenido({ reporte }: { reporte: ReporteCaja }) {
  const { can } = useSession();
  const [imprimiendo, setImprimiendo] = useState<PapelReporteCaja | null>(null);
  const onImprimir = (papel: PapelReporteCaja) => {
    setImprimiendo(papel);
    void imprimir(reporte.caja_id, papel).finally(() => setImprimiendo(null));
  };
  const diferencia = reporte.totales.diferencia;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge color={reporte.estado === 'abierta' ? 'green' : 'red'}>{reporte.estado === 'abierta' ? 'Abierta' : 'Cerrada'}</Badge>
        {reporte.estado === 'abierta' && <Text size="sm" c="dimmed">Cifras al momento: la caja sigue abierta</Text>}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Dato label="Caja">#{reporte.caja_id}</Dato>
        <Dato label="Usuario">{reporte.usuario.nombre} ({reporte.usuario.nombre_usuario})</Dato>
        <Dato label="Apertura">{formatDateTime(reporte.fecha_apertura)}</Dato>
        <Dato label="Cierre">{reporte.fecha_cierre ? formatDateTime(reporte.fecha_cierre) : 'Pendiente'}</Dato>
      </SimpleGrid>
      {reporte.faltante && typeof diferencia === 'number' && (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title="Caja con faltante">
          Faltaron {formatMoney(-diferencia)} al cierre.
        </Alert>
      )}
      <ScrollTable minWidth={860} aria-label="Cifras por medio de pago">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Medio de pago</Table.Th>
            {COLUMNAS.map(([clave, titulo]) => <Table.Th key={clave} ta="right">{titulo}</Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reporte.por_medio_pago.map((l) => (
            <Table.Tr key={`${l.medio_pago_id}-${l.medio_pago}`}>
              <Table.Td>{l.medio_pago}</Table.Td>
              {celdas(l)}
            </Table.Tr>
          ))}
          <Table.Tr fw={700}>
            <Table.Td>Totales</Table.Td>
            {celdas(reporte.totales)}
          </Table.Tr>
        </Table.Tbody>
      </ScrollTable>
      {reporte.cierre && <ConteoDelCierre cierre={reporte.cierre} />}
      <ReferenciasDePago referencias={reporte.referencias} />
      {can('reportes', 'exportar') && (
        <Group justify="flex-end" gap="sm">
          <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} loading={imprimiendo === '80mm'}
            onClick={() => onImprimir('80mm')}>Imprimir 80 mm</Button>
          <Button leftSection={<IconPrinter size={16} aria-hidden />} loading={imprimiendo === 'a4'}
            onClick={() => onImprimir('a4')}>Imprimir A4</Button>
        </Group>
      )}
    </Stack>
  );
}

/** A register's X or Z report in a modal, with its printouts (80 mm and A4). */
export function ReporteCajaModal({ cajaId, onClose }: { cajaId: number | null; onClose: () => void }) {
  const reporte = useReporteCaja(cajaId);
  const titulo = reporte.data ? tituloReporteCaja(reporte.data) : 'Reporte de caja';
  return (
    <Modal opened={cajaId !== null} onClose={onClose} title={titulo} size="xl">
      <QueryState pending={reporte.isPending} error={reporte.error} errorTitle="Error al cargar el reporte"
        onRetry={() => void reporte.refetch()}>
        {reporte.data && <Contenido reporte={reporte.data} />}
      </QueryState>
    </Modal>
  );
}
