import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { mockClientes } from '@/testing/handlers/clientes';
import { puntosHandlers } from '@/testing/handlers/puntos';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { ConsultaPuntosPage } from './ConsultaPuntosPage';

describe('ConsultaPuntosPage', () => {
  it('searches after typing stops, shows balance, level, frequent flag, lots and movements; empty clears', async () => {
    signIn('vendedor');
    mockClientes();
    const mock = puntosHandlers();
    server.use(...mock.handlers);
    const busquedas: string[] = [];
    const registrar = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/config/clientes') busquedas.push(url.searchParams.get('search') ?? '');
    };
    server.events.on('request:start', registrar);
    const { user } = renderWithProviders(<ConsultaPuntosPage />);
    const buscar = screen.getByLabelText(/Buscar cliente/);
    await user.type(buscar, 'gómez');
    await user.click(await screen.findByRole('button', { name: /Juan Gómez/ }));
    server.events.removeListener('request:start', registrar);
    // one search when typing stopped, none per keystroke
    expect(busquedas).toEqual(['gómez']);
    expect(await screen.findByRole('heading', { name: 'Juan Gómez' })).toBeInTheDocument();
    expect(within(screen.getByLabelText('Saldo de puntos')).getByText('2.450')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Nivel')).getByText('Plata')).toBeInTheDocument();
    expect(screen.getByText('Faltan 2.550 puntos para Oro')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Viajero frecuente')).getByText('Es viajero frecuente')).toBeInTheDocument();
    const lotes = screen.getByRole('table', { name: 'Lotes de puntos' });
    expect(within(lotes).getByText('10/03/2027')).toBeInTheDocument();
    expect(within(lotes).getByText('Sin vencimiento')).toBeInTheDocument();
    // on a phone the lots scroll inside their own box instead of widening the page
    expect(screen.getByRole('region', { name: 'Lotes de puntos' })).toContainElement(lotes);
    const movimientos = screen.getByRole('table', { name: 'Movimientos de puntos' });
    expect(within(movimientos).getByText('-500')).toBeInTheDocument();
    expect(within(movimientos).getByText('+1.450')).toBeInTheDocument();
    expect(within(movimientos).getByText('Pasaje LD-20261001-000041')).toBeInTheDocument();
    expect(within(movimientos).getByText('Vera Vendedora')).toBeInTheDocument();
    // a seller cannot adjust
    expect(screen.queryByRole('button', { name: 'Ajustar puntos' })).not.toBeInTheDocument();
    await user.clear(buscar);
    expect(screen.queryByRole('heading', { name: 'Juan Gómez' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Clientes encontrados' })).not.toBeInTheDocument();
  });

  it('shows the empty state of a customer without movements', async () => {
    signIn('admin');
    mockClientes();
    server.use(...puntosHandlers().handlers);
    const { user } = renderWithProviders(<ConsultaPuntosPage />);
    await user.type(screen.getByLabelText(/Buscar cliente/), '27999');
    await user.click(await screen.findByRole('button', { name: /Ana Peña/ }));
    expect(await screen.findByText('Sin movimientos de puntos')).toBeInTheDocument();
    expect(screen.getByText('El cliente no tiene puntos disponibles.')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Nivel')).getByText('Bronce')).toBeInTheDocument();
  });

  it('lets an admin adjust points with a signed amount and a reason, and shows a refusal', async () => {
    signIn('admin');
    mockClientes();
    const mock = puntosHandlers();
    server.use(...mock.handlers);
    const { user } = renderWithProviders(<ConsultaPuntosPage />);
    await user.type(screen.getByLabelText(/Buscar cliente/), 'juan');
    await user.click(await screen.findByRole('button', { name: /Juan Gómez/ }));
    await user.click(await screen.findByRole('button', { name: 'Ajustar puntos' }));
    const modal = await screen.findByRole('dialog', { name: 'Ajustar puntos de Juan Gómez' });
    await user.click(within(modal).getByRole('button', { name: 'Ajustar puntos' }));
    expect(await within(modal).findByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(within(modal).getByText('El motivo es obligatorio')).toBeInTheDocument();
    await user.type(within(modal).getByLabelText(/^Puntos/), '-50');
    await user.type(within(modal).getByLabelText(/Motivo/), 'falla');
    await user.click(within(modal).getByRole('button', { name: 'Ajustar puntos' }));
    expect(await within(modal).findByText('El ajuste dejaría el saldo del cliente en negativo')).toBeInTheDocument();
    await user.clear(within(modal).getByLabelText(/Motivo/));
    await user.type(within(modal).getByLabelText(/Motivo/), 'Reclamo');
    await user.type(within(modal).getByLabelText(/Descripción/), 'Viaje suspendido');
    await user.click(within(modal).getByRole('button', { name: 'Ajustar puntos' }));
    expect(await screen.findByText('Puntos ajustados exitosamente')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mock.escrituras.at(-1)).toMatchObject({
      path: '/api/puntos/ajustar', body: { cliente_id: 1, puntos: -50, motivo: 'Reclamo', descripcion: 'Viaje suspendido' },
    });
    expect(mock.escrituras.at(-1)!.key).toBeTruthy();
    expect(await within(screen.getByLabelText('Saldo de puntos')).findByText('2.400')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Movimientos de puntos' })).getByText('Motivo: Reclamo')).toBeInTheDocument();
  });
});
