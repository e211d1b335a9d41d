import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MensajeSalida } from '@/api/correo';
import { renderWithProviders } from '@/testing/render';
import { EnvioMensaje } from './EnvioMensaje';
import { EstadoServicioBadge } from './EstadoServicioBadge';

const fallido: MensajeSalida = {
  id: 1, canal: 'email', tipo: 'pasajes', destino: 'ana@example.com', cliente: 'Ana', estado: 'fallido', intentos: 5,
  proximo_intento: '2026-11-25T12:00:00Z', created_at: '2026-11-25T12:00:00Z', pasaje_ids: [1],
  error: 'No se pudo conectar al servidor de correo',
};

describe('DetallesTecnicos', () => {
  it('folds the technical detail under "Detalles técnicos" below the category', async () => {
    const { user } = renderWithProviders(
      <EnvioMensaje m={{ ...fallido, detalle: 'dial tcp 10.0.0.5:587: connect: connection refused' }} />,
    );
    expect(screen.getByText('No se pudo conectar al servidor de correo')).toBeVisible();
    const detalle = screen.getByText('dial tcp 10.0.0.5:587: connect: connection refused');
    expect(detalle).not.toBeVisible();
    await user.click(screen.getByText('Detalles técnicos'));
    expect(detalle).toBeVisible();
  });

  it('shows only the category when the server sent no detail (a seller, a supervisor)', () => {
    renderWithProviders(<EnvioMensaje m={fallido} />);
    expect(screen.getByText('No se pudo conectar al servidor de correo')).toBeVisible();
    expect(screen.queryByText('Detalles técnicos')).toBeNull();
  });

  it('labels a configuration nothing proved yet', () => {
    renderWithProviders(<EstadoServicioBadge estado="sin_probar" />);
    expect(screen.getByText('Configurado, sin probar')).toBeVisible();
  });
});
