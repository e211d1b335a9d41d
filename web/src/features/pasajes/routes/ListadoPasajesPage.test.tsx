import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TIMEZONE, todayIn } from '@/lib/dates';
import { makePasaje, signIn } from '@/testing/fixtures';
import { cambioEstado, detallePasaje, exportacion, listadoPasajes, signInSupervisor, ticketImprimible } from '@/testing/handlers/pasajes';
import { estadoCaja, makeCaja } from '@/testing/handlers/caja';
import { mensajesDePasaje } from '@/testing/handlers/correo';
import { envioWhatsApp } from '@/testing/handlers/whatsapp';
import { fail, ok } from '@/testing/http';
import { renderApp, renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { ListadoPasajesPage } from './ListadoPasajesPage';

const hoy = todayIn(DEFAULT_TIMEZONE);
const activo = makePasaje({ id: 41, numero_pasaje: 'LD-000041', cliente: { nombre: 'Juana Gómez', telefono: '11 5555-0001' } });
const cancelado = makePasaje({ id: 42, numero_pasaje: 'LD-000042', estado: 'cancelado', precio_total: 2250 });
const usado = makePasaje({ id: 43, numero_pasaje: 'LD-000043', estado: 'usado' });

async function renderListado(pasajes = [activo, cancelado, usado]) {
  const listado = listadoPasajes(pasajes);
  server.use(listado.handler);
  const view = renderWithProviders(<ListadoPasajesPage />, { route: '/admin/listado-pasajes' });
  await screen.findByRole('heading', { name: 'Listado de Pasajes' });
  return { ...view, consultas: listado.consultas };
}

const fila = (numero: string) => screen.getByRole('row', { name: new RegExp(numero) });

describe('ListadoPasajesPage', () => {
  beforeEach(() => {
    signInSupervisor();
    // The cancel and reactivate dialogs read the caller's register.
    server.use(estadoCaja(makeCaja({ efectivo_esperado: 20000 })));
  });

  it('asks for today by default and shows the cards, the rows and the pagination', async () => {
    const pasajes = Array.from({ length: 12 }, (_, i) => makePasaje({ id: 100 + i, numero_pasaje: `LD-${100 + i}`, precio_total: 4500 }));
    const { user, consultas } = await renderListado(pasajes);
    expect(await screen.findByText('Mostrando 1 a 10 de 12 resultados')).toBeInTheDocument();
    expect(consultas[0].toString()).toBe(`fecha_inicio=${hoy}&fecha_fin=${hoy}&page=1&limit=10`);
    expect(screen.getByRole('group', { name: 'Total de Pasajes' })).toHaveTextContent('12');
    expect(screen.getByRole('group', { name: 'Total en Ventas' })).toHaveTextContent('$ 54.000,00');
    expect(screen.getByRole('group', { name: 'Promedio por Pasaje' })).toHaveTextContent('$ 4.500,00');
    expect(fila('LD-100')).toHaveTextContent(/Juana Gómez.*Tigre – Tres Bocas.*General · 1 pasajero.*22\/11\/2026.*\$\s4\.500,00.*Efectivo.*Activo/);
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Mostrando 11 a 12 de 12 resultados')).toBeInTheDocument();
    expect(consultas.at(-1)?.get('page')).toBe('2');
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  });

  it('counts and sums the same tickets, the non-cancelled ones, and shows the cancelled ones apart', async () => {
    await renderListado();
    await screen.findByText('Mostrando 1 a 3 de 3 resultados');
    expect(screen.getByRole('group', { name: 'Total de Pasajes' })).toHaveTextContent('2');
    expect(screen.getByRole('group', { name: 'Total en Ventas' })).toHaveTextContent('$ 9.000,00');
    expect(screen.getByRole('group', { name: 'Promedio por Pasaje' })).toHaveTextContent('$ 4.500,00');
    expect(screen.getByRole('group', { name: 'Cancelados' })).toHaveTextContent(/1\$\s2\.250,00 devueltos/);
  });

  it('says before any attempt that cancelling needs an open register, and does not try', async () => {
    const cancelar = cambioEstado('cancelar', activo);
    server.use(estadoCaja(null), cancelar.handler);
    const { user } = await renderListado();
    await screen.findByText('Mostrando 1 a 3 de 3 resultados');
    await user.click(within(fila('LD-000041')).getByRole('button', { name: 'Cancelar pasaje' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Cancelar pasaje' });
    const aviso = await within(dialogo).findByRole('alert');
    expect(aviso).toHaveTextContent('No tienes una caja abierta');
    expect(aviso).toHaveTextContent('Debes abrir una caja para registrar la devolución.');
    expect(within(aviso).getByRole('link', { name: 'Ir a Gestión de Caja' })).toHaveAttribute('href', '/admin/gestion-caja');
    expect(within(dialogo).getByRole('button', { name: 'Sí, cancelar pasaje' })).toBeDisabled();
    expect(cancelar.llamadas).toHaveLength(0);
  });

  it("warns when a cash refund would take the drawer's cash below zero, and still lets it go", async () => {
    server.use(estadoCaja(makeCaja({ efectivo_esperado: 1000 })));
    const tarjeta = makePasaje({ id: 44, numero_pasaje: 'LD-000044', medio_pago_nombre: 'Débito', medio_pago_efectivo: false });
    const { user } = await renderListado([activo, tarjeta]);
    await screen.findByText('Mostrando 1 a 2 de 2 resultados');
    await user.click(within(fila('LD-000041')).getByRole('button', { name: 'Cancelar pasaje' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Cancelar pasaje' });
    expect(await within(dialogo).findByText('El efectivo de tu caja no alcanza')).toBeInTheDocument();
    expect(dialogo).toHaveTextContent(/tiene \$\s1\.000,00 en efectivo: después de devolver \$\s4\.500,00 quedaría en -\$\s3\.500,00/);
    expect(within(dialogo).getByRole('button', { name: 'Sí, cancelar pasaje' })).toBeEnabled();
    await user.click(within(dialogo).getByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A card refund does not leave the drawer: no warning.
    await user.click(within(fila('LD-000044')).getByRole('button', { name: 'Cancelar pasaje' }));
    const otro = await screen.findByRole('dialog', { name: 'Cancelar pasaje' });
    await waitFor(() => expect(within(otro).getByRole('button', { name: 'Sí, cancelar pasaje' })).toBeEnabled());
    expect(within(otro).queryByText('El efectivo de tu caja no alcanza')).not.toBeInTheDocument();
  });

  it('shows the empty state, with Exportar disabled saying there is nothing to export', async () => {
    const csv = exportacion('ID\r\n');
    server.use(csv.handler);
    await renderListado([]);
    expect(await screen.findByText('No hay pasajes para mostrar')).toBeInTheDocument();
    const exportar = screen.getByRole('button', { name: 'Exportar' });
    expect(exportar).toBeDisabled();
    expect(exportar).toHaveAccessibleDescription('No hay datos para exportar');
    expect(csv.consultas).toHaveLength(0);
  });

  it('focuses the search with /, counts the active filters and resets to today', async () => {
    const { user, consultas } = await renderListado();
    await screen.findByText('Mostrando 1 a 3 de 3 resultados');
    expect(screen.getByText('0 filtros activos')).toBeInTheDocument();
    await user.keyboard('/');
    expect(screen.getByLabelText('Buscar')).toHaveFocus();
    await user.keyboard('Juana');
    expect(screen.getByLabelText('Buscar')).toHaveValue('Juana');
    await waitFor(() => expect(consultas.at(-1)?.get('busqueda')).toBe('Juana'));
    expect(screen.getByText('1 filtro activo')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restablecer a Hoy' }));
    expect(screen.getByLabelText('Buscar')).toHaveValue('');
    expect(screen.getByText('0 filtros activos')).toBeInTheDocument();
    await waitFor(() => expect(consultas.at(-1)?.has('busqueda')).toBe(false));
  });

  it('offers cancel only on active tickets, reactivate only on cancelled ones, WhatsApp only when the client has a phone', async () => {
    await renderListado();
    await screen.findByText('Mostrando 1 a 3 de 3 resultados');
    const botones = (numero: string) => within(fila(numero)).getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(botones('LD-000041')).toEqual(['Ver detalle', 'Imprimir', 'Descargar PDF', 'Ver QR', 'Enviar por WhatsApp', 'Cancelar pasaje']);
    expect(botones('LD-000042')).toEqual(['Ver detalle', 'Imprimir', 'Descargar PDF', 'Ver QR', 'Reactivar pasaje']);
    expect(botones('LD-000043')).toEqual(['Ver detalle', 'Imprimir', 'Descargar PDF', 'Ver QR']);
  });

  it('hides WhatsApp from a role without whatsapp.enviar and from a company without the module', async () => {
    signIn('vendedor', { rolInfo: { nombre: 'vendedor', permisos: { pasajes: { ver: true, imprimir: true } } } });
    const { unmount } = await renderListado();
    await screen.findByText('Mostrando 1 a 3 de 3 resultados');
    expect(screen.queryByRole('button', { name: 'Enviar por WhatsApp' })).not.toBeInTheDocument();
    unmount();

    signIn('supervisor', { rolInfo: { nombre: 'supervisor', permisos: { whatsapp: { enviar: true } } }, modulos: ['core', 'venta_pasajes'] });
    await renderListado();
    await screen.findByText('Mostrando 1 a 3 de 3 resultados');
    expect(screen.queryByRole('button', { name: 'Enviar por WhatsApp' })).not.toBeInTheDocument();
  });

  it('sends the ticket to its client\'s phone after the confirmation, keeping the key across a retry', async () => {
    let primeraClave: string | null = null;
    server.use(http.post('/api/pasajes/:id/enviar-whatsapp', ({ request }) => {
      primeraClave = request.headers.get('Idempotency-Key');
      return fail(503, '');
    }));
    const { user } = await renderListado();
    await screen.findByText('Mostrando 1 a 3 de 3 resultados');
    await user.click(within(fila('LD-000041')).getByRole('button', { name: 'Enviar por WhatsApp' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Enviar por WhatsApp' });
    expect(dialogo).toHaveTextContent('¿Enviar el pasaje LD-000041 con su código QR por WhatsApp a 11 5555-0001?');
    await user.click(within(dialogo).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Error al enviar por WhatsApp')).toBeInTheDocument();

    const envio = envioWhatsApp();
    server.use(...envio.handlers);
    await user.click(within(dialogo).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Pasaje en cola de envío por WhatsApp')).toBeInTheDocument();
    await waitFor(() => expect(dialogo).not.toBeInTheDocument());
    expect(envio.llamadas).toEqual([{ pasajeId: 41, body: { telefono: '11 5555-0001' }, clave: primeraClave }]);
    expect(primeraClave).toBeTruthy();

    // The state of the queued message is in the ticket's detail.
    server.use(detallePasaje(activo));
    await user.click(within(fila('LD-000041')).getByRole('button', { name: 'Ver detalle' }));
    const envios = await screen.findByRole('region', { name: 'Envíos del pasaje' });
    expect(envios).toHaveTextContent('Pendiente');
    expect(envios).toHaveTextContent('WhatsApp a +5491155551234');
  });

  it('hides cancel and reactivate from a role without pasajes.anular', async () => {
    signIn('vendedor', { rolInfo: { nombre: 'vendedor', permisos: { pasajes: { ver: true, imprimir: true } } } });
    await renderListado();
    await screen.findByText('Mostrando 1 a 3 de 3 resultados');
    expect(screen.queryByRole('button', { name: 'Cancelar pasaje' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reactivar pasaje' })).not.toBeInTheDocument();
  });

  it('cancels after the confirmation, sending the reason and a key, and reports a refusal in the dialog', async () => {
    const rechazo = cambioEstado('cancelar', activo, { status: 400, message: 'Debes abrir una caja para registrar la devolución' });
    server.use(rechazo.handler);
    const { user } = await renderListado();
    await screen.findByText('Mostrando 1 a 3 de 3 resultados');
    await user.click(within(fila('LD-000041')).getByRole('button', { name: 'Cancelar pasaje' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Cancelar pasaje' });
    expect(dialogo).toHaveTextContent('¿Estás seguro de que deseas cancelar este pasaje?');
    expect(dialogo).toHaveTextContent(/devolución de \$\s4\.500,00 \(Efectivo\)/);
    await user.type(within(dialogo).getByLabelText('Motivo (opcional)'), 'No viaja');
    await user.click(within(dialogo).getByRole('button', { name: 'Sí, cancelar pasaje' }));
    expect(await within(dialogo).findByRole('alert')).toHaveTextContent('Debes abrir una caja para registrar la devolución');

    const exito = cambioEstado('cancelar', activo);
    server.use(exito.handler);
    await user.click(within(dialogo).getByRole('button', { name: 'Sí, cancelar pasaje' }));
    expect(await screen.findByText('Pasaje cancelado exitosamente')).toBeInTheDocument();
    expect(exito.llamadas).toHaveLength(1);
    expect(exito.llamadas[0].body).toEqual({ motivo: 'No viaja' });
    // The retry of the same confirmation carries the same key.
    expect(exito.llamadas[0].key).toBe(rechazo.llamadas[0].key);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancelar pasaje' })).not.toBeInTheDocument());
  });

  it('reactivates a cancelled ticket with an empty body', async () => {
    const reactivar = cambioEstado('reactivar', cancelado);
    server.use(reactivar.handler);
    const { user } = await renderListado();
    await screen.findByText('Mostrando 1 a 3 de 3 resultados');
    await user.click(within(fila('LD-000042')).getByRole('button', { name: 'Reactivar pasaje' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Reactivar pasaje' });
    expect(dialogo).toHaveTextContent('¿Estás seguro de que deseas reactivar este pasaje?');
    await user.click(within(dialogo).getByRole('button', { name: 'Sí, reactivar pasaje' }));
    expect(await screen.findByText('Pasaje reactivado exitosamente')).toBeInTheDocument();
    expect(reactivar.llamadas[0].body).toEqual({});
    expect(reactivar.llamadas[0].key).toBeTruthy();
  });

  it("asks a card ticket's refund for its own reference (optional) and its reactivation for the one its method requires", async () => {
    const debito = { id: 4, nombre: 'Débito', descripcion: '', activo: true, tipo: 'tarjeta', referencia: 'tarjeta', referencia_obligatoria: true };
    server.use(http.get('/api/config/medios-pago', () => ok([debito])));
    const tarjeta = makePasaje({ id: 44, numero_pasaje: 'LD-000044', medio_pago_id: 4, medio_pago_nombre: 'Débito', medio_pago_efectivo: false });
    const tarjetaCancelada = { ...tarjeta, id: 45, numero_pasaje: 'LD-000045', estado: 'cancelado' as const };
    const cancelar = cambioEstado('cancelar', tarjeta);
    const reactivar = cambioEstado('reactivar', tarjetaCancelada);
    server.use(cancelar.handler, reactivar.handler);
    const { user } = await renderListado([tarjeta, tarjetaCancelada]);
    await screen.findByText('Mostrando 1 a 2 de 2 resultados');

    await user.click(within(fila('LD-000044')).getByRole('button', { name: 'Cancelar pasaje' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Cancelar pasaje' });
    const ultimos4 = await within(dialogo).findByLabelText('Últimos 4 dígitos');
    expect(ultimos4).not.toBeRequired();
    await user.type(ultimos4, '42');
    await user.click(within(dialogo).getByRole('button', { name: 'Sí, cancelar pasaje' }));
    expect(await within(dialogo).findByRole('alert')).toHaveTextContent('Los últimos 4 dígitos de la tarjeta deben ser exactamente 4 números');
    expect(cancelar.llamadas).toHaveLength(0);
    await user.type(ultimos4, '42');
    await user.type(within(dialogo).getByLabelText('Código de autorización'), 'r9');
    await user.click(within(dialogo).getByRole('button', { name: 'Sí, cancelar pasaje' }));
    expect(await screen.findByText('Pasaje cancelado exitosamente')).toBeInTheDocument();
    expect(cancelar.llamadas[0].body).toEqual({ referencia: { ultimos4: '4242', autorizacion: 'R9' } });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancelar pasaje' })).not.toBeInTheDocument());

    await user.click(within(fila('LD-000045')).getByRole('button', { name: 'Reactivar pasaje' }));
    const otro = await screen.findByRole('dialog', { name: 'Reactivar pasaje' });
    await within(otro).findByLabelText(/Últimos 4 dígitos/);
    await user.click(within(otro).getByRole('button', { name: 'Sí, reactivar pasaje' }));
    expect(await within(otro).findByRole('alert')).toHaveTextContent(
      'El medio de pago «Débito» requiere los últimos 4 dígitos de la tarjeta y el código de autorización');
    expect(reactivar.llamadas).toHaveLength(0);
  });

  it('shows the detail read from the server', async () => {
    server.use(detallePasaje({ ...activo, observaciones: 'Lleva bicicleta', usuario_nombre: 'Lucía Benítez', impresiones: 3 }),
      ...mensajesDePasaje(activo.id, []).handlers);
    const { user } = await renderListado();
    await screen.findByText('Mostrando 1 a 3 de 3 resultados');
    await user.click(within(fila('LD-000041')).getByRole('button', { name: 'Ver detalle' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Detalle del Pasaje' });
    expect(await within(dialogo).findByText('Lleva bicicleta')).toBeInTheDocument();
    expect(dialogo).toHaveTextContent(/Cliente\s*Juana Gómez/);
    expect(dialogo).toHaveTextContent(/Teléfono\s*11 5555-0001/);
    expect(dialogo).toHaveTextContent(/Vendedor\s*Lucía Benítez/);
    expect(dialogo).toHaveTextContent(/Fecha de viaje\s*22\/11\/2026/);
    // How many times it was printed, as the server counts it: the original and two duplicates.
    expect(dialogo).toHaveTextContent(/Impresiones\s*3 \(original y 2 duplicados\)/);
  });

  it('sums up a partial failure of the ticket\'s sends', async () => {
    const base = { canal: 'email', tipo: 'pasajes', cliente: 'Juana', intentos: 1, proximo_intento: '2026-11-22T13:00:00Z',
      created_at: '2026-11-22T13:00:00Z', pasaje_ids: [activo.id] };
    const mensajes = mensajesDePasaje(activo.id, [
      { ...base, id: 8, destino: 'juana@example.com', estado: 'enviado', enviado_at: '2026-11-22T13:01:00Z' },
      { ...base, id: 7, destino: 'juana@exmaple.com', estado: 'fallido', error: '550 Casilla inexistente' },
      { ...base, id: 6, destino: 'pedro@example.com', estado: 'enviado', enviado_at: '2026-11-22T13:00:30Z' },
    ]);
    server.use(detallePasaje(activo), ...mensajes.handlers);
    const { user } = await renderListado();
    await screen.findByText('Mostrando 1 a 3 de 3 resultados');
    await user.click(within(fila('LD-000041')).getByRole('button', { name: 'Ver detalle' }));
    const envios = await screen.findByRole('region', { name: 'Envíos del pasaje' });
    expect(within(envios).getByRole('status')).toHaveTextContent('2 enviados, 1 fallaron');
  });

  it('shows the e-mails of the ticket with the reason of a failure and resends one', async () => {
    const mensajes = mensajesDePasaje(activo.id, [{
      id: 7, canal: 'email', tipo: 'pasajes', destino: 'juana@example.com', cliente: 'Juana', estado: 'fallido', intentos: 1,
      error: '550 Casilla inexistente', proximo_intento: '2026-11-22T13:00:00Z', created_at: '2026-11-22T13:00:00Z', pasaje_ids: [activo.id],
    }]);
    server.use(detallePasaje(activo), ...mensajes.handlers);
    const { user } = await renderListado();
    await screen.findByText('Mostrando 1 a 3 de 3 resultados');
    await user.click(within(fila('LD-000041')).getByRole('button', { name: 'Ver detalle' }));
    const envios = await screen.findByRole('region', { name: 'Envíos del pasaje' });
    expect(envios).toHaveTextContent('Fallido');
    expect(envios).toHaveTextContent('Email a juana@example.com');
    expect(envios).toHaveTextContent('550 Casilla inexistente');
    await user.click(within(envios).getByRole('button', { name: 'Reenviar' }));
    expect(await screen.findByText('Mensaje en cola para reenviarse')).toBeInTheDocument();
    expect(mensajes.reenviados).toEqual([7]);
  });

  it('downloads the export under the server name, or says there is nothing to export', async () => {
    const createObjectURL = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('pasajes_2026-11-22.csv');
    });
    const csv = exportacion('ID;Fecha Viaje\r\nLD-000041;22/11/2026\r\n');
    server.use(csv.handler);
    const { user } = await renderListado();
    await screen.findByText('Mostrando 1 a 3 de 3 resultados');
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(csv.consultas[0].toString()).toBe(`fecha_inicio=${hoy}&fecha_fin=${hoy}`);

    server.use(exportacion(null).handler);
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    expect(await screen.findByText('No hay datos para exportar')).toBeInTheDocument();
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('prints into a new window after 500 ms, or asks to allow pop-ups', async () => {
    const ticket = ticketImprimible();
    server.use(...ticket.handlers);
    const escrito: string[] = [];
    const print = vi.fn();
    const ventana = { document: { write: (h: string) => escrito.push(h), open: vi.fn(), close: vi.fn() }, print, focus: vi.fn(), close: vi.fn(), addEventListener: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(ventana as unknown as Window);
    const { user } = await renderListado();
    await screen.findByText('Mostrando 1 a 3 de 3 resultados');
    await user.click(within(fila('LD-000041')).getByRole('button', { name: 'Imprimir' }));
    await waitFor(() => expect(escrito.at(-1)).toContain('Pasaje 41'));
    expect(ticket.consultas[0].get('papel')).toBe('80mm');
    expect(print).not.toHaveBeenCalled();
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    // The print was recorded first (its own key) and the page asked is that print: the original.
    expect(ticket.registros[0]).toMatchObject({ ids: [41], formato: 'html', papel: '80mm' });
    expect(ticket.registros[0].clave).toBeTruthy();
    expect(ticket.consultas[0].get('impresion')).toBe('101');
    expect(escrito.at(-1)).not.toContain('DUPLICADO');

    // A reprint is the server's second print of the ticket: it says DUPLICADO and its number.
    await user.click(within(fila('LD-000041')).getByRole('button', { name: 'Imprimir' }));
    await waitFor(() => expect(escrito.at(-1)).toContain('Duplicado 2'));
    expect(escrito.at(-1)).toContain('DUPLICADO');
    expect(ticket.registros[1].clave).not.toBe(ticket.registros[0].clave);
    expect(ticket.consultas[1].get('impresion')).toBe('102');

    open.mockReturnValue(null);
    await user.click(within(fila('LD-000041')).getByRole('button', { name: 'Imprimir' }));
    expect(await screen.findByText('Por favor, permite ventanas emergentes para la impresión')).toBeInTheDocument();
    open.mockRestore();
  });

  it('is reached from /admin/pasajes', async () => {
    server.use(listadoPasajes([activo]).handler);
    renderApp('/admin/pasajes');
    expect(await screen.findByRole('heading', { name: 'Listado de Pasajes' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/listado-pasajes');
  });
});
