/**
 * Seconds as days, hours and minutes, every unit down to the minute: '1d 2h 5m', '2h 0m', '0m'
 * (the system's uptime, the session's lifetime). lib/format formatDuracion rounds a span of
 * milliseconds to its two largest units instead.
 */
export function formatDuracionExacta(segundos: number): string {
  const minutos = Math.floor(segundos / 60);
  const dias = Math.floor(minutos / 1440);
  const horas = Math.floor((minutos % 1440) / 60);
  const partes = [dias > 0 && `${dias}d`, (dias > 0 || horas > 0) && `${horas}h`, `${minutos % 60}m`];
  return partes.filter(Boolean).join(' ');
}
