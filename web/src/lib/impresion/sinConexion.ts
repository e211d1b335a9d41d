import type { ConfigImpresion, Papel } from './config';
import { abrirVentanaImpresion, mostrarEImprimir, prepararHTML } from './ventana';

/*
 * The receipt of a ticket sold offline: the server's page (internal/impresion/html.go) cannot be
 * fetched, so the same page is built here, with the same layout and sizes per paper, the QR of the
 * ticket's MUELLE2 code drawn in the browser, and a visible 'Emitido sin conexión' mark.
 */

/** One offline ticket in the words a passenger reads (already formatted: dates dd/mm/aaaa, money $ 1.500,00). */
export interface TicketSinConexion {
  empresa: string;
  numero_pasaje: string;
  cliente: string;
  seccion: string;
  tipo_viaje: string;
  fecha_viaje: string;
  precio: string;
  medio_pago: string;
  vendedor: string;
  fecha_venta: string;
  codigo_qr: string;
}

/** The mark every offline receipt carries. */
export const MARCA_SIN_CONEXION = 'Emitido sin conexión';
/** The ticket's notice to passengers (operaciones §9; impresion.TextoLlegada). */
const TEXTO_LLEGADA = 'Por favor, preséntese 30 minutos antes de la salida.';

/** How a ticket sits on each paper, as the server's `hojas`. */
const HOJAS: Record<Exclude<Papel, 'custom'>, { pagina: string; ancho: string; qr: string; fuente: string }> = {
  '58mm': { pagina: '58mm 160mm', ancho: '54mm', qr: '40mm', fuente: '11px' },
  '80mm': { pagina: '80mm 190mm', ancho: '74mm', qr: '50mm', fuente: '12px' },
  A4: { pagina: 'A4', ancho: '100mm', qr: '60mm', fuente: '14px' },
  letter: { pagina: 'letter', ancho: '100mm', qr: '60mm', fuente: '14px' },
};

const escapar = (texto: string) =>
  texto.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The printable page of offline tickets on `papel`; `qrs[i]` is ticket i's QR as SVG markup. */
export function htmlTicketsSinConexion(tickets: readonly TicketSinConexion[], papel: Papel, qrs: readonly string[]): string {
  const h = HOJAS[papel === 'custom' ? '80mm' : papel];
  const titulo = tickets.length === 1 ? `Pasaje ${tickets[0].numero_pasaje}` : 'Pasajes';
  const fila = (dt: string, dd: string) => `<dt>${dt}</dt><dd>${escapar(dd)}</dd>`;
  const secciones = tickets.map((t, i) => `<section class="ticket">
<div class="centro">
<div class="empresa">${escapar(t.empresa)}</div>
<div class="numero">Pasaje ${escapar(t.numero_pasaje)}</div>
<div class="sin-conexion">${MARCA_SIN_CONEXION}</div>
</div>
<dl>
${fila('Cliente', t.cliente)}
${fila('Sección', t.seccion)}
${fila('Pasajero', t.tipo_viaje)}
${fila('Fecha de viaje', t.fecha_viaje)}
${fila('Precio', t.precio)}
${fila('Medio de pago', t.medio_pago)}
${fila('Vendedor', t.vendedor)}
${fila('Venta', t.fecha_venta)}
</dl>
<div class="centro"><div class="qr" role="img" aria-label="Código QR del pasaje ${escapar(t.numero_pasaje)}">${qrs[i] ?? ''}</div></div>
<p class="aviso centro">${TEXTO_LLEGADA}</p>
</section>`).join('\n');
  return `<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<title>${escapar(titulo)}</title>
<style>
@page { size: ${h.pagina}; margin: 2mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: "Courier New", Courier, monospace; font-size: ${h.fuente}; line-height: 1.4; color: #000; }
.ticket { width: ${h.ancho}; margin: 0 auto; padding: 2mm 0; break-after: page; page-break-after: always; }
.ticket:last-child { break-after: auto; page-break-after: auto; }
.centro { text-align: center; }
.empresa { font-size: 1.3em; font-weight: bold; margin: 1mm 0; }
.numero { font-size: 1.15em; font-weight: bold; letter-spacing: 0.5px; }
.sin-conexion { font-weight: bold; border: 2px dashed #000; padding: 1mm; margin-top: 1mm; text-transform: uppercase; }
.qr { display: inline-block; width: ${h.qr}; height: ${h.qr}; }
.qr svg { width: 100%; height: 100%; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 0.5mm 2mm; margin: 2mm 0; }
dt { font-weight: bold; }
dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
.aviso { border-top: 1px dashed #000; padding-top: 1.5mm; font-size: 0.9em; }
</style>
</head>
<body>
${secciones}
</body>
</html>
`;
}

/** A code's QR as SVG markup, medium error correction like the server's (a crumpled label still scans). */
async function qrSVG(codigo: string): Promise<string> {
  const [{ BrowserQRCodeSvgWriter }, { EncodeHintType }] = await Promise.all([import('@zxing/browser'), import('@zxing/library')]);
  const svg = new BrowserQRCodeSvgWriter().write(codigo, 320, 320, new Map([[EncodeHintType.ERROR_CORRECTION, 'M']]));
  svg.setAttribute('viewBox', `0 0 ${svg.getAttribute('width') ?? 320} ${svg.getAttribute('height') ?? 320}`);
  svg.setAttribute('aria-hidden', 'true');
  return svg.outerHTML;
}

/** Messages of printing (operaciones §8), as the online printing says them. */
const MSG_ERROR_TICKET = 'Error al generar ticket para impresión';
const MSG_ERROR_TICKETS = 'Error al generar tickets para impresión';

/**
 * Prints offline tickets with the browser's settings, no server involved: opens the window at
 * once (call it straight from the click), draws the QR codes, writes the page in and prints it.
 */
export async function imprimirPasajesSinConexion(tickets: readonly TicketSinConexion[], config: ConfigImpresion): Promise<void> {
  const ventana = abrirVentanaImpresion();
  try {
    const qrs = await Promise.all(tickets.map((t) => qrSVG(t.codigo_qr)));
    mostrarEImprimir(ventana, prepararHTML(htmlTicketsSinConexion(tickets, config.paperSize, qrs), config), config);
  } catch {
    ventana.close();
    throw new Error(tickets.length === 1 ? MSG_ERROR_TICKET : MSG_ERROR_TICKETS);
  }
}
