import { Button, Group, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileText, IconFileTypePdf, IconPrinter } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import type { DescargarReporte, FormatoReporte, ParametrosPeriodo } from '@/api/reportes';
import { ApiError } from '@/lib/api';
import { downloadFile } from '@/lib/files';
import { formatNumber } from '@/lib/format';
import { notifyError, notifyInfo, notifySuccess, notifyWarning } from '@/lib/notify';

/** Why the export buttons are off (backoffice §2.15, §5). */
export const SIN_DATOS_EXPORTAR = 'No hay datos para exportar';

/** The print window prints this long after the report is in it (backoffice §9). */
export const IMPRIMIR_DESPUES_MS = 500;

/** The §8 messages of each file. */
const MENSAJES: Record<FormatoReporte | 'imprimir-pdf', { ok: string; error: string }> = {
  xlsx: { ok: '✅ Reporte Excel descargado exitosamente', error: '❌ Error al descargar reporte Excel' },
  csv: { ok: '✅ Reporte CSV descargado exitosamente', error: '❌ Error al descargar reporte CSV' },
  pdf: { ok: '✅ Reporte PDF descargado exitosamente', error: '❌ Error al generar el reporte PDF' },
  'imprimir-pdf': { ok: '✅ Reporte PDF preparado para imprimir', error: '❌ Error al generar el reporte PDF' },
};

/** Tells a failed export in the spec's words: nothing to export, the server's refusal, or the file's error. */
function avisarError(error: unknown, mensaje: string) {
  if (error instanceof ApiError && error.status === 404) notifyWarning(SIN_DATOS_EXPORTAR);
  else if (error instanceof ApiError && error.serverMessage) notifyError(error.serverMessage, mensaje);
  else notifyError(mensaje);
}

/** The server's PDF in a new window, printed 500 ms after it is in; without a window, it is downloaded instead. */
function imprimirPdf(ventana: Window | null, blob: Blob, nombre: string) {
  const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
  if (!ventana) {
    downloadFile({ blob, nombre }, nombre);
    return;
  }
  ventana.location.href = url;
  setTimeout(() => {
    try {
      ventana.focus();
      ventana.print();
    } catch {
      // The browser's PDF viewer keeps its own print button.
    }
  }, IMPRIMIR_DESPUES_MS);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

interface Descarga {
  formato: FormatoReporte;
  recibidos: number;
}

interface ExportarReporteProps {
  /** Fetches the report's file of the period in a format (GET …/excel, …/exportar), reporting its progress. */
  descargar: DescargarReporte;
  /** The file's name when the server names none, and the print window's title: 'reporte-ventas'. */
  nombre: string;
  /** The period's query parameters; null while it is incomplete. */
  periodo: ParametrosPeriodo | null;
  /** No detail rows: every button is off. */
  sinDatos: boolean;
  /** PDF opens the print window (the sales report) instead of saving the file. */
  pdfParaImprimir?: boolean;
  /** Offer 'Imprimir' (the page itself, through its print sheet). */
  conImprimir?: boolean;
  /** More buttons of the row, before 'Imprimir' (the e-mail sends). */
  children?: ReactNode;
}

/**
 * A report's files: PDF, Excel (.xlsx), CSV and optionally Print, all off with no rows. A download says how much has
 * arrived ('Descargando… 120 KB') and can be cancelled.
 */
export function ExportarReporte({
  descargar, nombre: prefijo, periodo, sinDatos, pdfParaImprimir = false, conImprimir = false, children,
}: ExportarReporteProps) {
  const [descarga, setDescarga] = useState<Descarga | null>(null);
  const cancelar = useRef<AbortController | null>(null);
  const apagado = sinDatos || periodo === null;

  const exportar = async (formato: FormatoReporte) => {
    if (!periodo || descarga) return;
    const imprimir = formato === 'pdf' && pdfParaImprimir;
    // The window opens inside the click, before any wait, or the browser blocks it.
    const ventana = imprimir ? window.open('', '_blank') : null;
    ventana?.document.write(`<!DOCTYPE html><title>${prefijo}</title><p style="font-family:sans-serif">Preparando el reporte…</p>`);
    const controller = new AbortController();
    cancelar.current = controller;
    setDescarga({ formato, recibidos: 0 });
    const mensajes = MENSAJES[imprimir ? 'imprimir-pdf' : formato];
    try {
      const archivo = await descargar(periodo, formato, {
        signal: controller.signal,
        onProgreso: ({ recibidos }) => setDescarga({ formato, recibidos }),
      });
      const nombre = archivo.nombre ?? `${prefijo}.${formato}`;
      if (imprimir) imprimirPdf(ventana, archivo.blob, nombre);
      else downloadFile(archivo, nombre);
      notifySuccess(mensajes.ok);
    } catch (error) {
      ventana?.close();
      if (controller.signal.aborted) notifyInfo('Descarga cancelada');
      else avisarError(error, mensajes.error);
    } finally {
      cancelar.current = null;
      setDescarga(null);
    }
  };

  const imprimirPagina = () => {
    try {
      window.print();
    } catch {
      notifyError('Error al imprimir el reporte');
    }
  };

  const boton = (formato: FormatoReporte, label: string, Icono: typeof IconFileText) => (
    <Button variant="default" size="sm" leftSection={<Icono size={16} aria-hidden />} disabled={apagado || (descarga !== null && descarga.formato !== formato)}
      loading={descarga?.formato === formato} onClick={() => void exportar(formato)}>{label}</Button>
  );

  return (
    <Group gap="xs" data-imprimir="no" role="group" aria-label="Exportar">
      {boton('pdf', 'PDF', IconFileTypePdf)}
      {boton('xlsx', 'Excel', IconFileSpreadsheet)}
      {boton('csv', 'CSV', IconFileText)}
      {children}
      {conImprimir && (
        <Button variant="default" size="sm" leftSection={<IconPrinter size={16} aria-hidden />} disabled={apagado} onClick={imprimirPagina}>Imprimir</Button>
      )}
      {apagado && periodo !== null && <Text size="sm" c="dimmed">{SIN_DATOS_EXPORTAR}</Text>}
      {descarga && (
        <Group gap="xs" role="status" aria-label="Descarga">
          <Text size="sm">Descargando… {formatNumber(Math.round(descarga.recibidos / 1024))} KB</Text>
          <Button size="xs" variant="subtle" color="red" onClick={() => cancelar.current?.abort()}>Cancelar</Button>
        </Group>
      )}
    </Group>
  );
}
