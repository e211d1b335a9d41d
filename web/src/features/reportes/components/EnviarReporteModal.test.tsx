import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { makeFilaCaja, makeVentaDetallada, mockReportePasajeros, reporteCajas, reportesVentas } from '@/testing/handlers/reportes';
import { envioReportes } from '@/testing/handlers/reportesEnvios';
import { renderApp } from '@/testing/render';
import { ok, server } from '@/testing/server';
import { MAX_SUGERENCIAS } from './destinatarios';

const MES = 'periodo=mes&mes=11&anio=2026';
const PERIODO_MES = { periodo: 'mes', base: 'venta', mes: 11, anio: 2026 };

function permisos(exportar = true) {
  return { rolInfo: { nombre: 'admin', permisos: { reportes: { ver: true, exportar } } } };
}

/** The sales report of November 2026 with its sends mocked (`falla`: every send fails so). */
function renderVentas({ falla, exportar = true, ventas = [makeVentaDetallada(1)] }: {
  falla?: { status: number; message: string }; exportar?: boolean; ventas?: ReturnType<typeof makeVentaDetallada>[];
} = {}) {
  const envio = envioReportes(falla);
  server.use(...reportesVentas({ ventas }).handlers, ...envio.handlers);
  signIn('admin', permisos(exportar));
  return { ...renderApp(`/admin/reportes/ventas?${MES}`), envios: envio.envios };
}

async function abrir(user: ReturnType<typeof renderApp>['user'], boton: string) {
  const exportar = await screen.findByRole('group', { name: 'Exportar' });
  await waitFor(() => expect(within(exportar).getByRole('button', { name: boton })).toBeEnabled());
  await user.click(within(exportar).getByRole('button', { name: boton }));
  return screen.findByRole('dialog');
}

describe('EnviarReporteModal', () => {
  it('offers a message of their own to admins only (the server refuses it from anyone else)', async () => {
    server.use(...reportesVentas({ ventas: [makeVentaDetallada(1)] }).handlers, ...envioReportes().handlers);
    signIn('supervisor', { rolInfo: { nombre: 'supervisor', permisos: { reportes: { ver: true, exportar: true } } } });
    const { user } = renderApp(`/admin/reportes/ventas?${MES}`);
    const dialogo = await abrir(user, 'Email PDF');
    expect(within(dialogo).getByRole('textbox', { name: 'Asunto' })).toBeInTheDocument();
    expect(within(dialogo).queryByRole('textbox', { name: 'Mensaje (opcional)' })).not.toBeInTheDocument();
  });

  it('says the §5 messages and sends nothing until the form is right', async () => {
    const { user, envios } = renderVentas();
    const dialogo = await abrir(user, 'Email PDF');
    const asunto = within(dialogo).getByRole('textbox', { name: 'Asunto' });
    await user.clear(asunto);
    await user.click(within(dialogo).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialogo).findByText('El email de destino es obligatorio')).toBeInTheDocument();
    expect(within(dialogo).getByText('El asunto es obligatorio')).toBeInTheDocument();
    await user.type(within(dialogo).getByRole('combobox', { name: 'Email de destino' }), 'ana@lanchas');
    await user.click(within(dialogo).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialogo).findByText('Formato de email inválido')).toBeInTheDocument();
    expect(envios).toHaveLength(0);
  });

  it("sends the sales PDF of the period on screen and says '✅ Reporte enviado exitosamente a …'", async () => {
    const { user, envios } = renderVentas();
    const dialogo = await abrir(user, 'Email PDF');
    expect(dialogo).toHaveAccessibleName('Enviar reporte de ventas (PDF)');
    expect(within(dialogo).getByRole('textbox', { name: 'Asunto' })).toHaveValue('Reporte de ventas — 01/11/2026 a 30/11/2026');
    await user.type(within(dialogo).getByRole('combobox', { name: 'Email de destino' }), 'dueno@lanchas.com');
    await user.type(within(dialogo).getByRole('textbox', { name: 'Mensaje (opcional)' }), 'Cierre del mes{Enter}Saludos');
    await user.click(within(dialogo).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('✅ Reporte enviado exitosamente a dueno@lanchas.com')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(envios).toHaveLength(1);
    expect(envios[0].endpoint).toBe('enviar-email');
    expect(envios[0].body).toEqual({
      email: 'dueno@lanchas.com', asunto: 'Reporte de ventas — 01/11/2026 a 30/11/2026', mensaje: 'Cierre del mes\nSaludos',
      tipoReporte: 'ventas', ...PERIODO_MES,
    });
    expect(envios[0].clave).toBeTruthy();
  });

  it('suggests the company users by name and sends the Excel to the chosen one', async () => {
    const { user, envios } = renderVentas();
    const dialogo = await abrir(user, 'Email Excel');
    await user.type(within(dialogo).getByRole('combobox', { name: 'Email de destino' }), 'Pérez');
    await user.click(await screen.findByRole('option', { name: /Ana Pérez/, hidden: true }));
    expect(within(dialogo).getByRole('combobox', { name: 'Email de destino' })).toHaveValue('ana.perez@lanchas.com');
    await user.click(within(dialogo).getByRole('button', { name: 'Enviar' }));
    await screen.findByText('✅ Reporte enviado exitosamente a ana.perez@lanchas.com');
    expect(envios[0]).toMatchObject({ endpoint: 'enviar-excel', body: { email: 'ana.perez@lanchas.com', tipoReporte: 'ventas' } });
    expect(envios[0].body).not.toHaveProperty('mensaje');
  });

  it('shows a few suggestions in a list that never scrolls (axe: no scrollable region out of the tab order)', async () => {
    const usuarios = Array.from({ length: 12 }, (_, i) => ({ id: 10 + i, nombre: `Usuario ${i + 1}`, email: `u${i + 1}@lanchas.com` }));
    // the first handler that matches answers: these twelve users before the mocks' two
    server.use(http.get('/api/reportes/destinatarios', () => ok(usuarios)), ...reportesVentas({ ventas: [makeVentaDetallada(1)] }).handlers,
      ...envioReportes().handlers);
    signIn('admin', permisos());
    const { user } = renderApp(`/admin/reportes/ventas?${MES}`);
    const dialogo = await abrir(user, 'Email PDF');
    const campo = within(dialogo).getByRole('combobox', { name: 'Email de destino' });
    const sugerencias = () => {
      const lista = document.getElementById(campo.getAttribute('aria-controls') ?? '');
      expect(lista).not.toBeNull();
      expect(lista!.querySelector('.mantine-ScrollArea-viewport')).toBeNull();
      return within(lista!).getAllByRole('option', { hidden: true }).map((o) => o.textContent);
    };
    await user.type(campo, 'lanchas');
    await waitFor(() => expect(sugerencias()).toHaveLength(MAX_SUGERENCIAS));
    // typing finds the ones past the first few
    await user.clear(campo);
    await user.type(campo, 'Usuario 12');
    await waitFor(() => expect(sugerencias()).toEqual(['Usuario 12u12@lanchas.com']));
  });

  it("stays open with the server's reason when the send fails, and the retry keeps its key", async () => {
    const { user, envios } = renderVentas({ falla: { status: 400, message: 'El envío de email no está configurado para la empresa' } });
    const dialogo = await abrir(user, 'Email PDF');
    await user.type(within(dialogo).getByRole('combobox', { name: 'Email de destino' }), 'dueno@lanchas.com');
    await user.click(within(dialogo).getByRole('button', { name: 'Enviar' }));
    const alerta = await within(dialogo).findByRole('alert');
    expect(alerta).toHaveTextContent('❌ Error al enviar reporte');
    expect(alerta).toHaveTextContent('El envío de email no está configurado para la empresa');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(within(dialogo).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(envios).toHaveLength(2));
    expect(envios[1].clave).toBe(envios[0].clave);
  });

  it('is off without rows', async () => {
    renderVentas({ ventas: [] });
    const exportar = await screen.findByRole('group', { name: 'Exportar' });
    await screen.findByText('No hay ventas en el período');
    for (const nombre of ['Email PDF', 'Email Excel']) expect(within(exportar).getByRole('button', { name: nombre })).toBeDisabled();
  });

  it('offers no e-mail without reportes.exportar', async () => {
    renderVentas({ exportar: false });
    await screen.findByText('Mostrando 1 - 1 de 1 registros');
    expect(screen.queryByRole('button', { name: 'Email PDF' })).not.toBeInTheDocument();
  });

  it("sends the register report through enviar-cajas ('Email')", async () => {
    const envio = envioReportes();
    server.use(...reporteCajas([makeFilaCaja(12)]).handlers, ...envio.handlers);
    signIn('admin', permisos());
    const { user } = renderApp(`/admin/reportes/cajas?${MES}`);
    await screen.findByText('Mostrando 1 - 1 de 1 registros');
    await user.click(screen.getByRole('button', { name: 'Email' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Enviar reporte de cajas (PDF)' });
    expect(within(dialogo).getByRole('textbox', { name: 'Asunto' })).toHaveValue('Reporte de cajas — 01/11/2026 a 30/11/2026');
    await user.type(within(dialogo).getByRole('combobox', { name: 'Email de destino' }), 'dueno@lanchas.com');
    await user.click(within(dialogo).getByRole('button', { name: 'Enviar' }));
    await screen.findByText('✅ Reporte enviado exitosamente a dueno@lanchas.com');
    expect(envio.envios[0]).toMatchObject({ endpoint: 'enviar-cajas', body: { tipoReporte: 'cajas', mes: 11, anio: 2026 } });
  });

  it('sends the passenger PDF through enviar-pasajeros and its Excel through enviar-excel', async () => {
    const envio = envioReportes();
    server.use(...envio.handlers);
    mockReportePasajeros();
    signIn('admin', permisos());
    const { user } = renderApp('/admin/reportes/pasajeros?periodo=rango&inicio=2026-11-10&fin=2026-11-20');
    for (const [boton, endpoint] of [['Email PDF', 'enviar-pasajeros'], ['Email Excel', 'enviar-excel']]) {
      await waitFor(() => expect(screen.getByRole('button', { name: boton })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: boton }));
      const dialogo = await screen.findByRole('dialog');
      expect(within(dialogo).getByRole('textbox', { name: 'Asunto' })).toHaveValue('Reporte de pasajeros — 10/11/2026 a 20/11/2026');
      await user.type(within(dialogo).getByRole('combobox', { name: 'Email de destino' }), 'bruno@lanchas.com');
      await user.click(within(dialogo).getByRole('button', { name: 'Enviar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(envio.envios.at(-1)).toMatchObject({
        endpoint, body: { tipoReporte: 'pasajeros', periodo: 'rango', inicio: '2026-11-10', fin: '2026-11-20' },
      });
    }
  });
});
