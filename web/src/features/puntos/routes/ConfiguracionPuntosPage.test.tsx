import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { CONFIG_PUNTOS, puntosHandlers } from '@/testing/handlers/puntos';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { ConfiguracionPuntosPage } from './ConfiguracionPuntosPage';

describe('ConfiguracionPuntosPage', () => {
  it('shows the defaults, saves the edited configuration with an Idempotency-Key and an empty expiry as never', async () => {
    signIn('admin');
    const mock = puntosHandlers();
    server.use(...mock.handlers);
    const { user } = renderWithProviders(<ConfiguracionPuntosPage />);
    const porPeso = await screen.findByLabelText(/Puntos por cada \$ 1/);
    expect(porPeso).toHaveValue('1');
    expect(screen.getByLabelText(/Puntos mínimos para canjear/)).toHaveValue('100');
    expect(screen.getByLabelText(/Vencimiento de los puntos/)).toHaveValue('365');
    expect(screen.getByLabelText(/Multiplicador del viajero frecuente/)).toHaveValue('1,5');
    expect(screen.getByLabelText(/Sistema de puntos activo/)).toBeChecked();
    await user.clear(porPeso);
    await user.type(porPeso, '2,5');
    await user.clear(screen.getByLabelText(/Vencimiento de los puntos/));
    expect(screen.getByRole('radio', { name: 'Descontar de la devolución el valor de los puntos canjeados' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Rechazar la cancelación' }));
    await user.click(screen.getByRole('button', { name: 'Guardar configuración' }));
    expect(await screen.findByText('Configuración actualizada exitosamente')).toBeInTheDocument();
    expect(mock.escrituras).toHaveLength(1);
    expect(mock.escrituras[0].body).toEqual({
      ...CONFIG_PUNTOS,
      puntos_por_peso: 2.5,
      vencimiento_puntos_dias: null,
      anulacion_puntos_canjeados: 'rechazar',
    });
    expect(mock.escrituras[0].key).toBeTruthy();
  });

  it('refuses values out of the limits with Spanish messages and sends nothing', async () => {
    signIn('admin');
    const mock = puntosHandlers();
    server.use(...mock.handlers);
    const { user } = renderWithProviders(<ConfiguracionPuntosPage />);
    const minimo = await screen.findByLabelText(/Puntos mínimos para canjear/);
    await user.clear(minimo);
    await user.type(minimo, '0');
    const multiplicador = screen.getByLabelText(/Multiplicador del viajero frecuente/);
    await user.clear(multiplicador);
    await user.type(multiplicador, '11');
    await user.clear(screen.getByLabelText(/Viajes para ser viajero frecuente/));
    await user.click(screen.getByRole('button', { name: 'Guardar configuración' }));
    expect(await screen.findByText('Debe estar entre 1 y 1.000.000.000')).toBeInTheDocument();
    expect(screen.getByText('Debe estar entre 1 y 10')).toBeInTheDocument();
    expect(screen.getByText('Este campo es obligatorio')).toBeInTheDocument();
    await waitFor(() => expect(mock.escrituras).toHaveLength(0));
  });
});
