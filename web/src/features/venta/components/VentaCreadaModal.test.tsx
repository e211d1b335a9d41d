import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { VentaCreada } from '@/api/pasajes';
import { makePasaje, signIn } from '@/testing/fixtures';
import { cambioEstado, signInSupervisor } from '@/testing/handlers/pasajes';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { VentaCreadaModal } from './VentaCreadaModal';

const venta: VentaCreada = {
  pasajes: [makePasaje({ id: 41, numero_pasaje: 'LD-41' }), makePasaje({ id: 42, numero_pasaje: 'LD-42' })],
  total: 9000,
};

describe('VentaCreadaModal', () => {
  it('undoes the whole sale after one confirmation: every ticket through the cancel API', async () => {
    signInSupervisor();
    const cancelar = cambioEstado('cancelar', venta.pasajes[0]);
    server.use(cancelar.handler);
    const onClose = vi.fn();
    const { user } = renderWithProviders(<VentaCreadaModal venta={venta} onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Anular esta venta' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Anular esta venta' });
    expect(dialogo).toHaveTextContent(/Anular la venta de 2 pasajes por \$\s9\.000,00/);
    expect(cancelar.llamadas).toHaveLength(0);
    await user.click(within(dialogo).getByRole('button', { name: 'Sí, anular la venta' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(cancelar.llamadas.map((l) => l.body)).toEqual([
      { motivo: 'Venta anulada desde el mostrador' },
      { motivo: 'Venta anulada desde el mostrador' },
    ]);
    expect(new Set(cancelar.llamadas.map((l) => l.key)).size).toBe(2);
    expect(await screen.findByText(/Venta anulada: 2 pasajes cancelados/)).toBeInTheDocument();
  });

  it('names the tickets that could not be cancelled and keeps the dialog open', async () => {
    signInSupervisor();
    server.use(cambioEstado('cancelar', venta.pasajes[0], { status: 400, message: 'Debe abrir una caja para registrar la devolución' }).handler);
    const onClose = vi.fn();
    const { user } = renderWithProviders(<VentaCreadaModal venta={venta} onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Anular esta venta' }));
    await user.click(await screen.findByRole('button', { name: 'Sí, anular la venta' }));
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent('2 pasaje(s) no se pudieron anular');
    expect(alerta).toHaveTextContent('LD-41: Debe abrir una caja para registrar la devolución');
    expect(screen.getByRole('button', { name: 'Reintentar anulación' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('does not offer the undo to a role that cannot cancel tickets; Imprimir opens the print window', async () => {
    signIn('vendedor', { rolInfo: { nombre: 'vendedor', permisos: { pasajes: { crear: true, imprimir: true } } } });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderWithProviders(<VentaCreadaModal venta={venta} onClose={vi.fn()} />);
    expect(await screen.findByText(/Se crearon 2 pasajes/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Anular esta venta' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Por favor, permite ventanas emergentes para la impresión')).toBeInTheDocument();
    open.mockRestore();
  });
});
