import type { Schema } from '@/api/contract';
import { api } from '@/lib/api';
import { fetchFile } from '@/lib/files';
import { newIdempotencyKey } from '@/lib/idempotency';
import type { ConfigImpresion, Papel } from './config';

/** One recorded print of a ticket (POST /tickets/impresiones): numero 1 is the original, N ≥ 2 says DUPLICADO. */
export type ImpresionPasaje = Schema<'ImpresionPasaje'>;

/**
 * Records one print of each ticket on the server, which numbers them (docs/features/impresion.md): the
 * page or PDF asked with the print's id then says DUPLICADO and 'Duplicado N' from the second print on.
 * One key per attempt: a retry of a lost answer records nothing twice.
 */
export function registrarImpresiones(ids: readonly number[], formato: 'html' | 'pdf', papel?: string): Promise<ImpresionPasaje[]> {
  return api.post<ImpresionPasaje[]>('/tickets/impresiones', { ids, formato, ...(papel ? { papel } : {}) }, { idempotencyKey: newIdempotencyKey() });
}

/** The print window opens the printer dialog this long after the ticket is in it (operaciones §9). */
const IMPRIMIR_DESPUES_MS = 500;

/** Messages of printing (operaciones §8). */
const MSG_VENTANA_BLOQUEADA = 'Por favor, permite ventanas emergentes para la impresión';
const MSG_ERROR_TICKET = 'Error al generar ticket para impresión';
const MSG_ERROR_TICKETS = 'Error al generar tickets para impresión';

/** The browser blocked the print window. */
class VentanaBloqueadaError extends Error {
  constructor() {
    super(MSG_VENTANA_BLOQUEADA);
    this.name = 'VentanaBloqueadaError';
  }
}

/** The server's papel for a paper size: custom prints on 80 mm with its own margins. */
function papelServidor(papel: Papel): string {
  return papel === 'custom' ? '80mm' : papel;
}

/** The settings as CSS over the server's ticket page: font, margins, logo and a minimum QR size. */
export function estiloDe(config: ConfigImpresion): string {
  const { top, right, bottom, left } = config.margins;
  return [
    `body { font-family: "${config.fontFamily}", monospace; font-size: ${config.fontSize}px; line-height: ${config.lineHeight}; }`,
    `.ticket { padding: ${top}px ${right}px ${bottom}px ${left}px; }`,
    // The server sizes the QR for the paper so that it scans; the setting may only enlarge it.
    `.qr { min-width: ${config.qrSize}px; min-height: ${config.qrSize}px; }`,
    config.logo ? '' : '.logo { display: none; }',
  ].join('\n');
}

/** The server's page with the settings applied and each ticket repeated `copies` times. */
export function prepararHTML(html: string, config: ConfigImpresion): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const style = doc.createElement('style');
  style.textContent = estiloDe(config);
  doc.head.append(style);
  for (const ticket of Array.from(doc.querySelectorAll('.ticket'))) {
    for (let i = 1; i < config.copies; i++) ticket.after(ticket.cloneNode(true));
  }
  return `<!DOCTYPE html>\n${doc.documentElement.outerHTML}`;
}

/** Opens the (empty) print window; must run inside the click, before any await, or browsers block it. */
export function abrirVentanaImpresion(): Window {
  const ventana = window.open('', '_blank', 'popup,width=420,height=720');
  if (!ventana) throw new VentanaBloqueadaError();
  ventana.document.write('<!DOCTYPE html><title>Imprimiendo…</title><p style="font-family:sans-serif">Preparando impresión…</p>');
  return ventana;
}

/** Writes `html` into the window and, when the settings say so, prints it after 500 ms (and closes it after). */
export function mostrarEImprimir(ventana: Window, html: string, config: ConfigImpresion): void {
  ventana.document.open();
  ventana.document.write(html);
  ventana.document.close();
  if (!config.openPrintDialog) return;
  if (config.autoClose) ventana.addEventListener('afterprint', () => ventana.close());
  setTimeout(() => {
    ventana.focus();
    ventana.print();
  }, IMPRIMIR_DESPUES_MS);
}

/** The address of the printable page of these tickets on the configured paper, as the recorded prints `impresiones`. */
export function rutaTickets(ids: readonly number[], config: ConfigImpresion, impresiones: readonly number[] = []): string {
  const papel = encodeURIComponent(papelServidor(config.paperSize));
  if (ids.length === 1) return `/tickets/${ids[0]}?papel=${papel}${impresiones.length ? `&impresion=${impresiones[0]}` : ''}`;
  return `/tickets/batch?ids=${ids.join(',')}&papel=${papel}${impresiones.length ? `&impresiones=${impresiones.join(',')}` : ''}`;
}

/**
 * Prints tickets: opens the window at once (inside the click), records the print on the server (which
 * gives each ticket its print number), fetches the printable page of those prints with the session's
 * token, writes it in with the settings and prints it. Throws VentanaBloqueadaError, or an Error with
 * the spec's message.
 */
export async function imprimirPasajes(ids: readonly number[], config: ConfigImpresion): Promise<ImpresionPasaje[]> {
  const ventana = abrirVentanaImpresion();
  try {
    const impresiones = await registrarImpresiones(ids, 'html', papelServidor(config.paperSize));
    const { blob } = await fetchFile(rutaTickets(ids, config, impresiones.map((i) => i.id)));
    mostrarEImprimir(ventana, prepararHTML(await blob.text(), config), config);
    return impresiones;
  } catch {
    ventana.close();
    throw new Error(ids.length === 1 ? MSG_ERROR_TICKET : MSG_ERROR_TICKETS);
  }
}

/** A sample ticket, to try the settings without selling anything. */
const PAGINA_PRUEBA = `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>Impresión de prueba</title>
<style>body{margin:0}.ticket{margin:0 auto;width:72mm}.centro{text-align:center}.qr{border:2px dashed #000;display:inline-block}</style>
</head><body><section class="ticket"><div class="centro"><strong>IMPRESIÓN DE PRUEBA</strong></div>
<p>Pasaje: PRUEBA-0001<br>Sección: Ejemplo<br>Pasajero: General<br>Precio: $ 0,00</p>
<div class="centro"><span class="qr"></span></div>
<p class="centro">Si puedes leer este ticket, la impresora está lista.</p></section></body></html>`;

/** Prints the sample ticket with the settings (the 'Imprimir prueba' buttons). */
export function imprimirPrueba(config: ConfigImpresion): void {
  mostrarEImprimir(abrirVentanaImpresion(), prepararHTML(PAGINA_PRUEBA, config), config);
}
