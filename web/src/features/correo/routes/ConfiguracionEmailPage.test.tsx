import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { CONFIG_EMAIL, correoHandlers, ESTADO_FUNCIONANDO, ESTADO_SIN_CONFIGURAR } from '@/testing/handlers/correo';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { ConfiguracionEmailPage } from './ConfiguracionEmailPage';

describe('ConfiguracionEmailPage', () => {
  it('loads the configuration with the password blank, keeps it when left blank and saves', async () => {
    signIn('admin');
    const mock = correoHandlers(CONFIG_EMAIL, ESTADO_FUNCIONANDO);
    server.use(...mock.handlers);
    const { user } = renderWithProviders(<ConfiguracionEmailPage />);
    expect(await screen.findByLabelText(/Servidor SMTP/)).toHaveValue('smtp.gmail.com');
    expect(screen.getByLabelText(/Contraseña SMTP/)).toHaveValue('');
    expect(screen.getByText('Funcionando')).toBeInTheDocument();
    expect(screen.getByText(/Gmail: smtp.gmail.com, puerto 587, con una contraseña de aplicación/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cargar plantilla por defecto' }));
    await waitFor(() => expect(screen.getByLabelText('Plantilla HTML del pasaje')).toHaveValue('<h2>{{empresa_nombre}}</h2>'));
    await user.click(screen.getByRole('button', { name: 'Guardar configuración' }));
    expect(await screen.findByText('Configuración guardada exitosamente')).toBeInTheDocument();
    expect(mock.guardados[0]).toMatchObject({ smtp_host: 'smtp.gmail.com', smtp_port: 587, smtp_password: '',
      plantilla_pasaje: '<h2>{{empresa_nombre}}</h2>' });
  });

  it('marks the required fields of a new configuration and disables the test until configured', async () => {
    signIn('admin');
    const vacia = { ...CONFIG_EMAIL, smtp_host: '', smtp_user: '', email_remitente: '', password_guardada: false };
    const mock = correoHandlers(vacia, ESTADO_SIN_CONFIGURAR);
    server.use(...mock.handlers);
    const { user } = renderWithProviders(<ConfiguracionEmailPage />);
    expect(await screen.findByText('Sin configurar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar prueba' })).toBeDisabled();
    await user.click(await screen.findByRole('button', { name: 'Guardar configuración' }));
    expect(await screen.findAllByText('Este campo es obligatorio')).toHaveLength(4);
    expect(mock.guardados).toHaveLength(0);
  });

  it('sends the test mail and shows the server refusal', async () => {
    signIn('admin');
    const mock = correoHandlers(CONFIG_EMAIL, ESTADO_FUNCIONANDO);
    server.use(...mock.handlers);
    const { user } = renderWithProviders(<ConfiguracionEmailPage />);
    const destino = await screen.findByLabelText('Email de destino');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enviar prueba' })).toBeEnabled());
    await user.type(destino, 'nada');
    await user.click(screen.getByRole('button', { name: 'Enviar prueba' }));
    expect(await screen.findByText('Ingrese un email válido para la prueba')).toBeInTheDocument();
    await user.clear(destino);
    await user.type(destino, 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar prueba' }));
    expect(await screen.findByText('¡Email de prueba enviado exitosamente! Revisa tu bandeja de entrada.')).toBeInTheDocument();
    await user.clear(destino);
    await user.type(destino, 'falla@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar prueba' }));
    expect(await screen.findByText('Error al enviar prueba: No se pudo enviar el email de prueba: 535 Credenciales inválidas')).toBeInTheDocument();
    expect(mock.pruebas).toEqual(['admin@example.com', 'falla@example.com']);
  });
});
