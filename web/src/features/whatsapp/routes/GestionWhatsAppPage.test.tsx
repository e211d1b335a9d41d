import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { fail, ok } from '@/testing/http';
import {
  CONECTADO, MSG_HORARIO_INVALIDO, MSG_NUMERO_INVALIDO, NO_INICIALIZADO, NUMERO_INVALIDO, QR_DATA_URL, whatsappHandlers,
} from '@/testing/handlers/whatsapp';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { GestionWhatsAppPage } from './GestionWhatsAppPage';

const CONFIG = [
  { clave: 'mensaje_bienvenida', valor: 'Hola' },
  { clave: 'horario_atencion', valor: '' },
  { clave: 'auto_respuesta', valor: 'false' },
];

function renderPage(...args: Parameters<typeof whatsappHandlers>) {
  signIn('admin');
  const mock = whatsappHandlers(...args);
  server.use(...mock.handlers);
  return { ...renderWithProviders(<GestionWhatsAppPage />), mock };
}

describe('GestionWhatsAppPage', () => {
  it('initializes a company that is not linked and shows the QR to scan, collapsible, with the steps', async () => {
    const { user, mock } = renderPage(NO_INICIALIZADO, CONFIG);
    const estado = await screen.findByRole('region', { name: 'Estado de la conexión' });
    expect(within(estado).getByText('No inicializado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desconectar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Mensaje de prueba' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Inicializar WhatsApp' }));
    expect(await screen.findByText('WhatsApp inicializado correctamente')).toBeInTheDocument();
    expect(within(estado).getByText('Esperando escaneo del QR')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Código QR para vincular WhatsApp' })).toHaveAttribute('src', QR_DATA_URL);
    expect(screen.getByText('Toca Dispositivos vinculados.')).toBeInTheDocument();
    expect(mock.llamadas).toEqual([{ ruta: 'initialize', body: {}, clave: expect.any(String) }]);

    const ocultar = screen.getByRole('button', { name: 'Ocultar código QR' });
    expect(ocultar).toHaveAttribute('aria-expanded', 'true');
    await user.click(ocultar);
    expect(screen.getByRole('button', { name: 'Mostrar código QR' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('links by phone code as the alternative to the QR, with the number required and the server refusal as is', async () => {
    const { user, mock } = renderPage({ status: 'qr_ready', connected: false, qrCode: QR_DATA_URL }, CONFIG);
    const vincular = await screen.findByRole('region', { name: 'Vincular con número de teléfono' });
    await user.click(within(vincular).getByRole('button', { name: 'Obtener código' }));
    expect(within(vincular).getByText('Ingresa un número de teléfono')).toBeInTheDocument();
    await user.type(within(vincular).getByLabelText('Número de WhatsApp de la empresa'), NUMERO_INVALIDO);
    await user.click(within(vincular).getByRole('button', { name: 'Obtener código' }));
    expect(await within(vincular).findByText(MSG_NUMERO_INVALIDO)).toBeInTheDocument();
    await user.clear(within(vincular).getByLabelText('Número de WhatsApp de la empresa'));
    await user.type(within(vincular).getByLabelText('Número de WhatsApp de la empresa'), '11 5555-1234');
    await user.click(within(vincular).getByRole('button', { name: 'Obtener código' }));
    expect(await within(vincular).findByText('ABCD-EFGH')).toBeInTheDocument();
    expect(mock.llamadas.filter((l) => l.ruta === 'pair-phone').map((l) => l.body)).toEqual([
      { telefono: NUMERO_INVALIDO }, { telefono: '11 5555-1234' },
    ]);
  });

  it('when connected: the linked number, the test message (number required) and a confirmed disconnect', async () => {
    const { user, mock } = renderPage(CONECTADO, CONFIG);
    expect(await screen.findByText('Conectado')).toBeInTheDocument();
    expect(screen.getByText(/Vinculado a Lanchas del Delta · 5491155551234/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Inicializar WhatsApp' })).not.toBeInTheDocument();

    const prueba = screen.getByRole('region', { name: 'Mensaje de prueba' });
    await user.click(within(prueba).getByRole('button', { name: 'Enviar mensaje de prueba' }));
    expect(within(prueba).getByText('Ingresa un número de teléfono')).toBeInTheDocument();
    await user.type(within(prueba).getByLabelText('Número de teléfono'), NUMERO_INVALIDO);
    await user.click(within(prueba).getByRole('button', { name: 'Enviar mensaje de prueba' }));
    expect(await screen.findByText(`Error enviando mensaje: ${MSG_NUMERO_INVALIDO}`)).toBeInTheDocument();
    await user.clear(within(prueba).getByLabelText('Número de teléfono'));
    await user.type(within(prueba).getByLabelText('Número de teléfono'), '11 5555-1234');
    await user.click(within(prueba).getByRole('button', { name: 'Enviar mensaje de prueba' }));
    expect(await screen.findByText('Mensaje de prueba enviado correctamente')).toBeInTheDocument();
    expect(mock.llamadas.filter((l) => l.ruta === 'send').at(-1)?.body).toEqual({ numero: '11 5555-1234', mensaje: 'Mensaje de prueba desde Muelle' });

    await user.click(screen.getByRole('button', { name: 'Desconectar' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Desconectar WhatsApp' });
    expect(dialogo).toHaveTextContent('¿Está seguro de desconectar WhatsApp para esta empresa?');
    expect(mock.llamadas.some((l) => l.ruta === 'disconnect')).toBe(false);
    await user.click(within(dialogo).getByRole('button', { name: 'Desconectar' }));
    expect(await screen.findByText('WhatsApp desconectado correctamente')).toBeInTheDocument();
    expect(await screen.findByText('Desconectado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inicializar WhatsApp' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Mensaje de prueba' })).not.toBeInTheDocument();
  });

  it('names a state outside the known ones with the error WhatsApp gave', async () => {
    signIn('admin');
    server.use(
      http.get('/api/whatsapp/status', () => ok({ status: 'timeout', connected: false, error: 'Sin respuesta de WhatsApp' })),
      ...whatsappHandlers(NO_INICIALIZADO, CONFIG).handlers,
    );
    renderWithProviders(<GestionWhatsAppPage />);
    expect(await screen.findByText('Estado desconocido')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Sin respuesta de WhatsApp');
    expect(screen.getByRole('button', { name: 'Desconectar' })).toBeInTheDocument();
  });

  it('reports the initialization failure with the server reason', async () => {
    signIn('admin');
    server.use(
      http.post('/api/whatsapp/initialize', () => fail(503, 'WhatsApp no responde')),
      ...whatsappHandlers(NO_INICIALIZADO, CONFIG).handlers,
    );
    const { user } = renderWithProviders(<GestionWhatsAppPage />);
    await user.click(await screen.findByRole('button', { name: 'Inicializar WhatsApp' }));
    expect(await screen.findByText('Error inicializando WhatsApp: WhatsApp no responde')).toBeInTheDocument();
  });

  it('says so when the status cannot be read', async () => {
    signIn('admin');
    server.use(http.get('/api/whatsapp/status', () => fail(500, 'Error interno')), ...whatsappHandlers(NO_INICIALIZADO, CONFIG).handlers);
    renderWithProviders(<GestionWhatsAppPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error obteniendo estado de WhatsApp');
  });

  it('saves each text entry when it loses the focus, only if it changed, and the checkbox at once', async () => {
    const { user, mock } = renderPage(NO_INICIALIZADO, CONFIG);
    const bienvenida = await screen.findByLabelText('Mensaje de bienvenida');
    expect(bienvenida).toHaveValue('Hola');
    const horario = screen.getByLabelText('Horario de atención');
    expect(horario).toHaveAttribute('placeholder', '08:00-18:00');

    await user.click(bienvenida);
    await user.click(horario);
    expect(mock.llamadas).toHaveLength(0);

    await user.type(horario, '09:00-17:00');
    expect(mock.llamadas).toHaveLength(0);
    await user.tab();
    await waitFor(() => expect(mock.llamadas.map((l) => l.body)).toEqual([{ clave: 'horario_atencion', valor: '09:00-17:00' }]));
    expect(await screen.findByText('Cambios guardados')).toBeInTheDocument();

    await user.click(screen.getByLabelText(/Respuesta automática/));
    await waitFor(() => expect(mock.llamadas.at(-1)?.body).toEqual({ clave: 'auto_respuesta', valor: 'true' }));
    await waitFor(() => expect(screen.getByLabelText(/Respuesta automática/)).toBeChecked());
    expect(new Set(mock.llamadas.map((l) => l.clave)).size).toBe(2);
  });

  it('says why an entry could not be saved and keeps what was typed', async () => {
    const { user } = renderPage(NO_INICIALIZADO, CONFIG);
    const horario = await screen.findByLabelText('Horario de atención');
    await user.type(horario, 'de 8 a 18');
    await user.tab();
    expect(await screen.findByText(`Error actualizando configuración: ${MSG_HORARIO_INVALIDO}`)).toBeInTheDocument();
    expect(horario).toHaveValue('de 8 a 18');
  });

  it('puts the checkbox back when its save fails', async () => {
    const { user } = renderPage(NO_INICIALIZADO, CONFIG);
    server.use(http.put('/api/whatsapp/config', () => fail(503, 'Base de datos no disponible')));
    const casilla = await screen.findByLabelText(/Respuesta automática/);
    await user.click(casilla);
    expect(await screen.findByText('Error actualizando configuración: Base de datos no disponible')).toBeInTheDocument();
    expect(casilla).not.toBeChecked();
  });
});
