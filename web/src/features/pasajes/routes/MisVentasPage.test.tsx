import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEZONE, todayIn } from '@/lib/dates';
import { formatDate } from '@/lib/format';
import { makePasaje } from '@/testing/fixtures';
import { signInVendedor } from '@/testing/handlers/caja';
import { listadoPasajes } from '@/testing/handlers/pasajes';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { MisVentasPage } from './MisVentasPage';

describe('MisVentasPage', () => {
  it("asks for the caller's own tickets of today and shows their totals", async () => {
    signInVendedor();
    const hoy = todayIn(DEFAULT_TIMEZONE);
    const listado = listadoPasajes([makePasaje(), makePasaje({ id: 42, numero_pasaje: 'LD-42', precio_total: 2250 })]);
    server.use(listado.handler);
    renderWithProviders(<MisVentasPage />, { route: '/admin/mis-ventas' });
    expect(await screen.findByRole('heading', { name: 'Mis Ventas' })).toBeInTheDocument();
    expect(await screen.findByText('Mostrando 1 a 2 de 2 resultados')).toBeInTheDocument();
    expect(listado.consultas[0].toString()).toBe(`fecha_inicio=${hoy}&fecha_fin=${hoy}&usuario_id=7&page=1&limit=10`);
    expect(screen.getByRole('group', { name: 'Total en Ventas' })).toHaveTextContent('$ 6.750,00');
    expect(screen.getByLabelText('Fecha de venta desde')).toHaveValue(formatDate(hoy));
    expect(screen.queryByLabelText('Buscar')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Estado')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar pasaje' })).not.toBeInTheDocument();
  });

  it('finds a sale of its own by the payment reference typed from the slip', async () => {
    signInVendedor();
    const listado = listadoPasajes([makePasaje()]);
    server.use(listado.handler);
    renderWithProviders(<MisVentasPage />, { route: '/admin/mis-ventas' });
    await screen.findByText('Mostrando 1 a 1 de 1 resultados');
    fireEvent.change(screen.getByLabelText(/Referencia de pago/), { target: { value: ' A1B2C3 ' } });
    await waitFor(() => expect(listado.consultas.at(-1)?.get('referencia')).toBe('A1B2C3'));
    expect(listado.consultas.at(-1)?.get('usuario_id')).toBe('7');
  });

  it("shows 'Oculto' for the amounts the server leaves out of a blind cashier's open register", async () => {
    signInVendedor();
    const abierta = { ...makePasaje({ id: 43, numero_pasaje: 'LD-43' }), precio: null, precio_total: null };
    server.use(listadoPasajes([abierta, makePasaje({ id: 42, numero_pasaje: 'LD-42', precio_total: 2250 })]).handler);
    renderWithProviders(<MisVentasPage />, { route: '/admin/mis-ventas' });
    const fila = (await screen.findByText('LD-43')).closest('tr');
    expect(fila).toHaveTextContent('Oculto');
    expect(screen.getByText('LD-42').closest('tr')).toHaveTextContent('$ 2.250,00');
    expect(screen.getByRole('group', { name: 'Total en Ventas' })).toHaveTextContent('Oculto');
    expect(screen.getByRole('group', { name: 'Promedio por Pasaje' })).toHaveTextContent('Oculto');
    expect(screen.getByRole('group', { name: 'Total de Pasajes' })).toHaveTextContent('2');
  });

  it('says which sale days the server read when a date is left empty', async () => {
    signInVendedor();
    const hoy = todayIn(DEFAULT_TIMEZONE);
    const listado = listadoPasajes([makePasaje()], { desde: '2026-10-23', hasta: hoy });
    server.use(listado.handler);
    renderWithProviders(<MisVentasPage />, { route: '/admin/mis-ventas' });
    await screen.findByText('Mostrando 1 a 1 de 1 resultados');
    expect(screen.queryByText(/Se muestran las ventas del/)).not.toBeInTheDocument();
    const desde = screen.getByLabelText('Fecha de venta desde');
    fireEvent.focus(desde);
    fireEvent.change(desde, { target: { value: '' } });
    fireEvent.blur(desde);
    expect(await screen.findByText(`Se muestran las ventas del 23/10/2026 al ${formatDate(hoy)}.`)).toBeInTheDocument();
    expect(listado.consultas.at(-1)?.has('fecha_inicio')).toBe(false);
  });
});
