import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { IconTicketOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { exportarPasajes, pasajesQuery, pdfPasaje, PASAJES_POR_PAGINA, type FiltrosPasajes, type PasajeConsultado as Pasaje } from '@/api/pasajes';
import { EmptyState } from '@/components/EmptyState';
import { Paginacion } from '@/components/Paginacion';
import { BotonesImpresion } from '@/components/impresion/BotonesImpresion';
import { QueryState } from '@/components/QueryState';
import { ApiError } from '@/lib/api';
import { useHoy } from '@/lib/dates';
import { downloadFile } from '@/lib/files';
import { useImprimir } from '@/lib/impresion';
import { notifyError, notifyWarning } from '@/lib/notify';
import { can, moduloActivo, useSession } from '@/lib/session';
import { CambioEstadoDialog, type Accion } from './CambioEstadoDialog';
import { DetallePasajeModal, QrPasajeModal } from './DetallePasajeModal';
import { EnviarWhatsAppDialog } from './EnviarWhatsAppDialog';
import { FiltrosListado, SIN_DATOS_EXPORTAR } from './FiltrosListado';
import { PasajesTable } from './PasajesTable';
import { ResumenPasajes } from './ResumenPasajes';

interface ListadoProps {
  titulo: string;
  subtitulo: string;
  /** 'Mis Ventas': only the caller's tickets, filtered by dates and the payment reference. */
  propios?: boolean;
}

/** Filters with the page back to 1 whenever they change. */
function useFiltros(hoy: string, usuarioId: number | undefined) {
  const [estado, setEstado] = useState({
    filtros: { busqueda: '', fecha_inicio: hoy, fecha_fin: hoy, estado: '', referencia: '', usuario_id: usuarioId } as FiltrosPasajes,
    page: 1,
  });
  const [busqueda] = useDebouncedValue(estado.filtros.busqueda, 300);
  const [referencia] = useDebouncedValue(estado.filtros.referencia, 300);
  return {
    ...estado,
    // The search and the reference wait for a pause in typing; the other filters apply at once.
    consulta: { ...estado.filtros, busqueda, referencia: referencia.trim() },
    setFiltros: (filtros: FiltrosPasajes) => setEstado({ filtros, page: 1 }),
    setPage: (page: number) => setEstado((e) => ({ ...e, page })),
  };
}

/** Saves the CSV of the filters under the server's name, or says why not. */
async function exportar(filtros: FiltrosPasajes, hoy: string) {
  try {
    downloadFile(await exportarPasajes(filtros), `pasajes_${hoy}.csv`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notifyWarning(SIN_DATOS_EXPORTAR);
    else notifyError('Error al exportar pasajes');
  }
}

/** Saves the ticket's PDF (ticket-{id}.pdf). */
async function descargarPdf(p: Pasaje) {
  try {
    downloadFile(await pdfPasaje(p.id), `ticket-${p.id}.pdf`);
  } catch {
    notifyError('Error al imprimir pasaje');
  }
}

/** The ticket list and 'Mis Ventas': summary, filters, table, pagination and the actions' dialogs. */
export function Listado({ titulo, subtitulo, propios = false }: ListadoProps) {
  const hoy = useHoy();
  const { usuario } = useSession();
  const { filtros, consulta, page, setFiltros, setPage } = useFiltros(hoy, propios ? usuario?.id : undefined);
  const { data, isPending, error, refetch } = useQuery(pasajesQuery(consulta, page));
  const imprimir = useImprimir();
  const [exportando, setExportando] = useState(false);
  const [detalle, setDetalle] = useState<number | null>(null);
  const [qr, setQr] = useState<Pasaje | null>(null);
  const [whatsapp, setWhatsApp] = useState<Pasaje | null>(null);
  const [cambio, setCambio] = useState<{ pasaje: Pasaje; accion: Accion } | null>(null);
  const busquedaRef = useRef<HTMLInputElement>(null);
  useHotkeys([['/', () => busquedaRef.current?.focus()]]);

  const onExportar = async () => {
    setExportando(true);
    await exportar(consulta, hoy);
    setExportando(false);
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{titulo}</Title>
          <Text c="dimmed">{subtitulo}</Text>
        </div>
        <Group gap="xs"><BotonesImpresion /></Group>
      </Group>
      {data && <ResumenPasajes listado={data} />}
      <FiltrosListado
        value={filtros}
        onChange={setFiltros}
        hoy={hoy}
        propios={propios}
        exportando={exportando}
        sinDatos={data?.totalItems === 0}
        onExportar={() => void onExportar()}
        busquedaRef={busquedaRef}
        ventana={data ? { desde: data.fecha_inicio, hasta: data.fecha_fin } : undefined}
      />
      <QueryState pending={isPending} error={data ? null : error} errorTitle="Error al cargar los pasajes" onRetry={() => void refetch()}>
        {data && (
          <Paper withBorder radius="md" p="sm">
            {data.pasajes.length === 0 ? (
              <EmptyState icon={IconTicketOff} title="No hay pasajes para mostrar" message="Cambie los filtros o restablezca a hoy." />
            ) : (
              <Stack>
                <PasajesTable
                  pasajes={data.pasajes}
                  permisos={{
                    imprimir: can(usuario, 'pasajes', 'imprimir'),
                    anular: can(usuario, 'pasajes', 'anular'),
                    whatsapp: can(usuario, 'whatsapp', 'enviar') && moduloActivo(usuario, 'whatsapp'),
                  }}
                  onDetalle={(p) => setDetalle(p.id)}
                  onImprimir={(p) => void imprimir([p.id])}
                  onPdf={(p) => void descargarPdf(p)}
                  onQr={setQr}
                  onWhatsApp={setWhatsApp}
                  onCambioEstado={(pasaje, accion) => setCambio({ pasaje, accion })}
                />
                <Paginacion page={page} totalPages={data.totalPages} totalItems={data.totalItems} porPagina={PASAJES_POR_PAGINA} onPage={setPage} />
              </Stack>
            )}
          </Paper>
        )}
      </QueryState>
      <DetallePasajeModal id={detalle} onClose={() => setDetalle(null)} />
      <QrPasajeModal pasaje={qr} onClose={() => setQr(null)} />
      <EnviarWhatsAppDialog pasaje={whatsapp} onClose={() => setWhatsApp(null)} />
      <CambioEstadoDialog cambio={cambio} onClose={() => setCambio(null)} />
    </Stack>
  );
}
