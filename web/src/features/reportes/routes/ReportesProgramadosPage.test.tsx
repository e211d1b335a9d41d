import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { makeProgramado, programadosHandlers } from '@/testing/handlers/reportesEnvios';
import { renderApp } from '@/testing/render';
import { fail, server } from '@/testing/server';

const DIARIO = makeProgramado(1);
const PAUSADO = makeProgramado(2, {
  tipo: 'ventas_mensual', formato: 'xlsx', hora: 9, destinatarios: ['socio@lanchas.com', 'contador@estudio.com'],
  asunto: 'Ventas del mes', activo: false, fallos_seguidos: 5, ultimo_error: 'El servidor de correo rechazó la conexión',
  ultimo_envio: null,
});

function renderPage(iniciales = [DIARIO, PAUSADO]) {
  const mock = programadosHandlers(iniciales);
  server.use(...mock.handlers);
  signIn('admin', { rolInfo: { nombre: 'admin', permisos: { reportes: { ver: true, exportar: true } } } });
  return { ...renderApp('/admin/reportes/programados'), escrituras: mock.escrituras };
}

const tabla = () => screen.findByRole('table', { name: 'Envíos programados' });
const fila = async (texto: string) => within(await tabla()).getAllByRole('row').find((r) => r.textContent?.includes(texto))!;

describe('ReportesProgramadosPage', () => {
  it('lists the schedules with their kind, format, hour, addresses, state and sends', async () => {
    renderPage();
    const diario = await fila('Cierre de cajas');
    expect(diario).toHaveTextContent(/Reporte de cajas diario.*PDF.*07:00.*dueno@lanchas\.com.*Activo.*26\/11\/2026 07:00.*25\/11\/2026 07:00/);
    const mensual = await fila('Ventas del mes');
    expect(mensual).toHaveTextContent(/Ventas mensual.*Excel.*09:00.*socio@lanchas\.com, contador@estudio\.com.*Pausado/);
    expect(mensual).toHaveTextContent('5 fallos seguidos');
    expect(mensual).toHaveTextContent('El servidor de correo rechazó la conexión');
    expect(mensual).toHaveTextContent('Nunca');
    expect(within(mensual).getByRole('button', { name: 'Reactivar Ventas del mes' })).toBeInTheDocument();
  });

  it('says when there is none', async () => {
    renderPage([]);
    expect(await screen.findByText('No hay envíos programados')).toBeInTheDocument();
  });

  it('checks the form and creates the weekly sales in Excel at 08:00', async () => {
    const { user, escrituras } = renderPage([]);
    await screen.findByText('No hay envíos programados');
    await user.click(screen.getByRole('button', { name: 'Nuevo envío programado' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Nuevo envío programado' });
    await user.click(within(dialogo).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialogo).findByText('Indicá al menos un destinatario')).toBeInTheDocument();

    await user.click(within(dialogo).getByRole('combobox', { name: 'Tipo de reporte' }));
    await user.click(await screen.findByRole('option', { name: 'Ventas semanal', hidden: true }));
    expect(within(dialogo).getByRole('textbox', { name: 'Asunto' })).toHaveValue('Reporte de ventas semanal');
    await user.click(within(dialogo).getByText('Excel'));
    await user.click(within(dialogo).getByRole('combobox', { name: 'Hora' }));
    await user.click(await screen.findByRole('option', { name: '08:00', hidden: true }));
    const destinatarios = within(dialogo).getByRole('combobox', { name: 'Destinatarios' });
    await user.type(destinatarios, 'dueno@lanchas{Enter}');
    await user.click(within(dialogo).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialogo).findByText('Formato de email inválido: dueno@lanchas')).toBeInTheDocument();
    await user.type(destinatarios, '{Backspace}dueno@lanchas.com{Enter}Pérez');
    await user.click(await screen.findByRole('option', { name: /Ana Pérez/, hidden: true }));
    await user.click(within(dialogo).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Envío programado guardado')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(escrituras).toEqual([{ metodo: 'POST', body: {
      tipo: 'ventas_semanal', formato: 'xlsx', hora: 8, destinatarios: ['dueno@lanchas.com', 'ana.perez@lanchas.com'],
      asunto: 'Reporte de ventas semanal',
    } }]);
    expect(await fila('Reporte de ventas semanal')).toHaveTextContent(/Ventas semanal.*Excel.*08:00.*Activo/);
  });

  it('pauses and re-activates a schedule, saving it whole', async () => {
    const { user, escrituras } = renderPage();
    await user.click(within(await fila('Cierre de cajas')).getByRole('button', { name: 'Pausar Cierre de cajas' }));
    expect(await screen.findByText('Envío programado pausado')).toBeInTheDocument();
    await waitFor(async () => expect(await fila('Cierre de cajas')).toHaveTextContent('Pausado'));
    expect(escrituras[0]).toEqual({ metodo: 'PUT', id: 1, body: {
      tipo: 'cajas_diario', formato: 'pdf', hora: 7, destinatarios: ['dueno@lanchas.com'], asunto: 'Cierre de cajas', activo: false,
    } });
    await user.click(within(await fila('Ventas del mes')).getByRole('button', { name: 'Reactivar Ventas del mes' }));
    expect(await screen.findByText('Envío programado reactivado')).toBeInTheDocument();
    await waitFor(async () => expect(await fila('Ventas del mes')).not.toHaveTextContent('fallos seguidos'));
    expect(escrituras[1]).toMatchObject({ metodo: 'PUT', id: 2, body: { activo: true } });
  });

  it('edits a paused schedule and leaves it paused', async () => {
    const { user, escrituras } = renderPage();
    await user.click(within(await fila('Ventas del mes')).getByRole('button', { name: 'Editar Ventas del mes' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Editar envío programado' });
    const asunto = within(dialogo).getByRole('textbox', { name: 'Asunto' });
    await user.clear(asunto);
    await user.type(asunto, 'Cierre mensual');
    await user.click(within(dialogo).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(escrituras).toEqual([{ metodo: 'PUT', id: 2, body: {
      tipo: 'ventas_mensual', formato: 'xlsx', hora: 9, destinatarios: ['socio@lanchas.com', 'contador@estudio.com'],
      asunto: 'Cierre mensual', activo: false,
    } }]);
    expect(await fila('Cierre mensual')).toHaveTextContent('Pausado');
  });

  it("keeps the form open with the server's reason when the save fails", async () => {
    const { user } = renderPage([]);
    server.use(http.post('/api/reportes/programados', () => fail(400, 'Hasta 10 destinatarios')));
    await user.click(await screen.findByRole('button', { name: 'Nuevo envío programado' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Nuevo envío programado' });
    await user.type(within(dialogo).getByRole('combobox', { name: 'Destinatarios' }), 'dueno@lanchas.com{Enter}');
    await user.click(within(dialogo).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialogo).findByRole('alert')).toHaveTextContent('Hasta 10 destinatarios');
    expect(screen.getByRole('dialog', { name: 'Nuevo envío programado' })).toBeInTheDocument();
  });

  it('deletes a schedule after asking', async () => {
    const { user, escrituras } = renderPage([DIARIO]);
    await user.click(within(await fila('Cierre de cajas')).getByRole('button', { name: 'Eliminar Cierre de cajas' }));
    const confirmar = await screen.findByRole('dialog', { name: 'Eliminar envío programado' });
    expect(confirmar).toHaveTextContent('«Cierre de cajas»');
    await user.click(within(confirmar).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Envío programado eliminado')).toBeInTheDocument();
    expect(await screen.findByText('No hay envíos programados')).toBeInTheDocument();
    expect(escrituras).toEqual([{ metodo: 'DELETE', id: 1 }]);
  });

  it('is closed to a seller', async () => {
    signIn('vendedor');
    renderApp('/admin/reportes/programados');
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeInTheDocument();
  });
});
