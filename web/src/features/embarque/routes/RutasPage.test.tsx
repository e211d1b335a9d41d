import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { ok, server } from '@/testing/server';

const seccion = (id: number, nombre: string, capacidad: number) => ({ id, nombre, descripcion: `Ruta ${nombre}`, activo: true, capacidad });
const tipo = (id: number, nombre: string) => ({ id, nombre, descripcion: '', activo: true });

describe('RutasPage', () => {
  let pedidos: string[];

  beforeEach(() => {
    pedidos = [];
    server.events.on('request:start', ({ request }) => {
      pedidos.push(new URL(request.url).pathname);
    });
    server.use(
      http.get('/api/config/secciones', () => ok([seccion(1, 'Tigre – Tres Bocas', 60), seccion(2, 'Tigre – Río Capitán', 50)])),
      http.get('/api/config/tipos-viaje', () => ok([tipo(1, 'General'), tipo(2, 'Jubilado')])),
      http.get('/api/config/precios', () => ok([
        { seccion_id: 1, tipo_viaje_id: 1, precio: 4500 },
        { seccion_id: 1, tipo_viaje_id: 2, precio: 2250.5 },
        { seccion_id: 2, tipo_viaje_id: 1, precio: 7800 },
      ])),
    );
    return () => server.events.removeAllListeners();
  });

  it('shows the boat crew only the sections with their capacity, without loading trip types or prices', async () => {
    signIn('lancha');
    renderApp('/admin/rutas');
    expect(await screen.findByText('Capacidad: 60 pasajeros')).toBeInTheDocument();
    expect(screen.getByText('Capacidad: 50 pasajeros')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tarifas' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tipos de viaje' })).not.toBeInTheDocument();
    expect(pedidos).toContain('/api/config/secciones');
    expect(pedidos).not.toContain('/api/config/precios');
    expect(pedidos).not.toContain('/api/config/tipos-viaje');
  });

  it('shows the admin the trip types and the fares, N/A where there is no price', async () => {
    signIn('admin');
    renderApp('/admin/rutas');
    const tarifas = await screen.findByRole('region', { name: 'Tarifas' });
    expect(within(screen.getByRole('region', { name: 'Tipos de viaje' })).getByText('Jubilado')).toBeInTheDocument();
    const fila = (nombre: string) => within(tarifas).getByRole('row', { name: new RegExp(nombre) });
    expect(fila('Tres Bocas')).toHaveTextContent(/\$\s4\.500,00\$\s2\.250,50/);
    expect(fila('Río Capitán')).toHaveTextContent(/\$\s7\.800,00N\/A/);
  });
});
