import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONFIG_IMPRESION_KEY } from '@/lib/impresion';
import { signIn } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { BotonesImpresion } from './BotonesImpresion';
import { ImpresoraModal } from './ImpresionModals';

const guardada = () => JSON.parse(localStorage.getItem(CONFIG_IMPRESION_KEY) ?? 'null');

describe('BotonesImpresion', () => {
  it('lets a supervisor change the basic settings, within the limits, and keeps them in localStorage', async () => {
    signIn('supervisor');
    const { user } = renderWithProviders(<BotonesImpresion />);
    await user.click(screen.getByRole('button', { name: 'Impresión' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Configuración de Impresión' });
    const copias = within(dialogo).getByLabelText('Copias');
    await user.clear(copias);
    await user.type(copias, '6');
    expect(within(dialogo).getByText('Las copias debe estar entre 1 y 5')).toBeInTheDocument();
    expect(within(dialogo).getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await user.clear(copias);
    await user.type(copias, '2');
    await user.click(within(dialogo).getByLabelText('Imprimir automáticamente después de cada venta'));
    await user.click(within(dialogo).getByRole('button', { name: 'Guardar' }));
    expect(guardada()).toMatchObject({ copies: 2, autoPrint: true, paperSize: '80mm' });
  });

  it('shows both buttons disabled to a vendedor, saying why, wherever they are', async () => {
    signIn('vendedor');
    const { user } = renderWithProviders(<BotonesImpresion />);
    for (const name of ['Impresión', 'Impresora']) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription('No tiene permisos para configurar impresión');
      await user.click(button);
    }
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses the advanced settings to a role that is not an administrator', async () => {
    signIn('vendedor');
    renderWithProviders(<ImpresoraModal opened onClose={() => {}} />);
    const dialogo = await screen.findByRole('dialog', { name: 'Configuración de Impresora' });
    expect(within(dialogo).getByRole('alert')).toHaveTextContent('Acceso Restringido');
    expect(dialogo).toHaveTextContent('Solo los administradores y supervisores pueden configurar las impresoras.');
    expect(within(dialogo).queryByLabelText('Margen superior')).not.toBeInTheDocument();
  });

  it('gives an admin the margins, fonts and QR size, with margins 0 to 50', async () => {
    signIn('admin');
    const { user } = renderWithProviders(<BotonesImpresion />);
    await user.click(screen.getByRole('button', { name: 'Impresora' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Configuración de Impresora' });
    const margen = within(dialogo).getByLabelText('Margen izquierdo');
    expect(margen).toHaveValue('5 px');
    await user.clear(margen);
    await user.type(margen, '51');
    expect(within(dialogo).getByText('El margen debe estar entre 0 y 50')).toBeInTheDocument();
    expect(within(dialogo).getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await user.clear(margen);
    await user.type(margen, '20');
    await user.click(within(dialogo).getByRole('button', { name: 'Guardar' }));
    expect(guardada().margins).toEqual({ top: 10, bottom: 10, left: 20, right: 5 });
  });
});
