import { FechaInput } from '@/components/FechaInput';
import { formatDate } from '@/lib/format';

interface RangoFechasProps {
  /** What the dates are of, e.g. 'Fecha de venta': the fields are '<etiqueta> desde' and '<etiqueta> hasta'. */
  etiqueta: string;
  /** YYYY-MM-DD, or '' for no bound. */
  desde: string;
  hasta: string;
  onDesde: (fecha: string) => void;
  onHasta: (fecha: string) => void;
}

/** Two date fields of a filter, 'desde' never after 'hasta': a date that would be says so under its field. */
export function RangoFechas({ etiqueta, desde, hasta, onDesde, onHasta }: RangoFechasProps) {
  return (
    <>
      <FechaInput label={`${etiqueta} desde`} value={desde} max={hasta || undefined} onChange={onDesde} clearable
        mensajeMax={`La fecha desde no puede ser posterior a la fecha hasta (${formatDate(hasta)})`} />
      <FechaInput label={`${etiqueta} hasta`} value={hasta} min={desde || undefined} onChange={onHasta} clearable
        mensajeMin={`La fecha hasta no puede ser anterior a la fecha desde (${formatDate(desde)})`} />
    </>
  );
}
