import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { PantallaBloqueo } from './PantallaBloqueo';

function pantalla(onDesbloquear: (password: string) => Promise<string | null>) {
  const onCerrarSesion = vi.fn();
  const vista = renderWithProviders(<PantallaBloqueo nombre="Ana Pérez" onDesbloquear={onDesbloquear} onCerrarSesion={onCerrarSesion} />);
  return { ...vista, onCerrarSesion };
}

describe('PantallaBloqueo', () => {
  it('names who is locked and starts in the password field', () => {
    pantalla(async () => null);
    expect(screen.getByRole('heading', { name: 'Sesión bloqueada' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Ana Pérez: la sesión se bloqueó por inactividad');
    expect(screen.getByLabelText('Contraseña')).toHaveFocus();
  });

  it('asks for the password before calling', async () => {
    const onDesbloquear = vi.fn(async () => null);
    const { user } = pantalla(onDesbloquear);
    await user.click(screen.getByRole('button', { name: 'Desbloquear' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor ingrese su contraseña');
    expect(onDesbloquear).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Contraseña')).toHaveFocus();
  });

  it('shows a refusal, empties the field and keeps the focus there for the next try', async () => {
    const onDesbloquear = vi.fn(async (password: string) => (password === 'Ceibo62#Boya' ? null : 'Contraseña incorrecta'));
    const { user } = pantalla(onDesbloquear);
    await user.type(screen.getByLabelText('Contraseña'), ' otra {Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Contraseña incorrecta');
    expect(onDesbloquear).toHaveBeenLastCalledWith('otra');
    expect(screen.getByLabelText('Contraseña')).toHaveValue('');
    expect(screen.getByLabelText('Contraseña')).toHaveFocus();
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription('Contraseña incorrecta');

    await user.type(screen.getByLabelText('Contraseña'), 'Ceibo62#Boya');
    await user.click(screen.getByRole('button', { name: 'Desbloquear' }));
    expect(onDesbloquear).toHaveBeenLastCalledWith('Ceibo62#Boya');
  });

  it('lets another person end the session', async () => {
    const { user, onCerrarSesion } = pantalla(async () => null);
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(onCerrarSesion).toHaveBeenCalledOnce();
  });
});
