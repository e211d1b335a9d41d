import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { AvisoConexionInsegura } from './AvisoConexionInsegura';

afterEach(() => vi.unstubAllGlobals());

describe('AvisoConexionInsegura', () => {
  it('on a page that is not a secure context, says what does not work and the https address to ask for', () => {
    vi.stubGlobal('isSecureContext', false);
    renderWithProviders(<AvisoConexionInsegura id="aviso-conexion" />);
    const aviso = screen.getByRole('note');
    expect(aviso).toHaveAttribute('id', 'aviso-conexion');
    // jsdom's page is http://localhost:3000: the address is its host name over HTTPS, without the port
    expect(aviso).toHaveTextContent(
      'Esta conexión no es segura (HTTPS): este dispositivo no puede vender sin conexión, usar la cámara ni recibir ' +
      'notificaciones. Pida al administrador la dirección https://localhost');
  });

  it('says nothing on a secure page', () => {
    vi.stubGlobal('isSecureContext', true);
    renderWithProviders(<AvisoConexionInsegura id="aviso-conexion" />);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.queryByText(/Esta conexión no es segura/)).not.toBeInTheDocument();
  });
});
