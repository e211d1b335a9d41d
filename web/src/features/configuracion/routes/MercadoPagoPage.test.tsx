import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { MP_SIN_CONFIGURAR, mercadoPagoHandlers } from '@/testing/handlers/mercadopago';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { MercadoPagoPage } from './MercadoPagoPage';

describe('MercadoPagoPage', () => {
  it('asks for the token and the store, saves, tests the account and creates a point of sale per seller', async () => {
    signIn('admin');
    const mock = mercadoPagoHandlers(MP_SIN_CONFIGURAR);
    server.use(...mock.handlers);
    const { user } = renderWithProviders(<MercadoPagoPage />);
    const guardar = await screen.findByRole('button', { name: 'Guardar' });
    expect(screen.getByRole('button', { name: 'Probar credenciales' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Crear local y cajas' })).toBeDisabled();
    await user.click(guardar);
    expect(await screen.findAllByText('Este campo es obligatorio')).toHaveLength(8);
    expect(mock.guardados).toHaveLength(0);

    await user.type(screen.getByLabelText(/Token de acceso/), 'APP_USR-1234567890123456-120312-abcdef');
    await user.type(screen.getByLabelText(/Nombre del local/), 'Estación Fluvial');
    await user.type(screen.getByLabelText(/Calle/), 'Mitre');
    await user.type(screen.getByLabelText(/Número/), '319');
    await user.type(screen.getByLabelText(/Ciudad/), 'Tigre');
    await user.type(screen.getByLabelText(/Provincia/), 'Buenos Aires');
    await user.type(screen.getByLabelText(/Latitud/), '-34,42');
    await user.type(screen.getByLabelText(/Longitud/), '-58,58');
    await user.click(guardar);
    expect(await screen.findByText('Configuración de Mercado Pago guardada')).toBeInTheDocument();
    expect(mock.guardados[0]).toEqual({ access_token: 'APP_USR-1234567890123456-120312-abcdef', local: {
      nombre: 'Estación Fluvial', calle: 'Mitre', numero: '319', ciudad: 'Tigre', provincia: 'Buenos Aires', latitud: -34.42,
      longitud: -58.58 } });
    expect(mock.claves[0]).toBeTruthy();
    // The token is never shown back: the field is empty and says it is stored.
    expect(await screen.findByLabelText(/Token de acceso/)).toHaveValue('');
    expect(screen.getAllByText('Guardado. Déjelo en blanco para conservarlo.')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Probar credenciales' }));
    expect(await screen.findByText('Credenciales válidas: cuenta de Mercado Pago «LANCHAS_DELTA»')).toBeInTheDocument();
    expect(await screen.findByText('Conectada: LANCHAS_DELTA')).toBeInTheDocument();

    const cajas = screen.getByRole('region', { name: 'Cajas en Mercado Pago' });
    expect(within(cajas).getAllByText('Sin crear')).toHaveLength(2);
    await user.click(within(cajas).getByRole('button', { name: 'Crear local y cajas' }));
    expect(await screen.findByText('Local y cajas creados en Mercado Pago')).toBeInTheDocument();
    expect(await within(cajas).findAllByText('Creada')).toHaveLength(2);
    expect(within(cajas).getByRole('button', { name: 'Crear las cajas que faltan' })).toBeDisabled();
  });

  it('shows a refused token in Spanish and keeps it as the account state', async () => {
    signIn('admin');
    const rechazado = 'Mercado Pago rechazó el token de acceso: cópielo otra vez desde su cuenta y guárdelo';
    const mock = mercadoPagoHandlers({ ...MP_SIN_CONFIGURAR, configurada: true, token_guardado: true, local: {
      nombre: 'Estación Fluvial', calle: 'Mitre', numero: '319', ciudad: 'Tigre', provincia: 'Buenos Aires', latitud: -34.42,
      longitud: -58.58 } }, rechazado);
    server.use(...mock.handlers);
    const { user } = renderWithProviders(<MercadoPagoPage />);
    expect(await screen.findByLabelText(/Ciudad/)).toHaveValue('Tigre');
    await user.click(screen.getByRole('button', { name: 'Probar credenciales' }));
    expect(await screen.findByText(`No se pudo probar Mercado Pago: ${rechazado}`)).toBeInTheDocument();
    expect(await screen.findByText('Con error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear local y cajas' })).toBeDisabled();
  });
});
