import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { fail, ok, server } from '@/testing/server';
import { LanchaDashboard } from './LanchaDashboard';
import type { LanchaStats, ValidacionReciente } from '@/api/dashboard';

const STATS: LanchaStats = {
  embarcados_hoy: 37,
  mis_embarcados_hoy: 12,
  pendientes_hoy: 13,
  total_pasajes_hoy: 50,
  ultima_validacion: '2026-11-22T13:05:00Z',
  porcentaje_completado: 74.4,
};

const RECIENTES: ValidacionReciente[] = [
  { id: 9, numero_pasaje: 'LD-20261122-000009', fecha_embarque: '2026-11-22T13:05:00Z', cliente_nombre: 'Juana Gómez', seccion_nombre: 'Tigre – Tres Bocas', validado_por: 'lancha' },
  { id: 8, numero_pasaje: 'LD-20261122-000008', fecha_embarque: '2026-11-22T12:58:00Z', cliente_nombre: '', seccion_nombre: '', validado_por: 'lancha' },
];

function answer(stats: LanchaStats, recientes: ValidacionReciente[]) {
  server.use(
    http.get('/api/dashboard/lancha/stats', () => ok(stats)),
    http.get('/api/dashboard/lancha/recientes', () => ok(recientes)),
  );
}

describe('LanchaDashboard', () => {
  beforeEach(() => {
    signIn('lancha');
  });

  it('shows the four counters, the progress and the shortcuts', async () => {
    answer(STATS, RECIENTES);
    renderWithProviders(<LanchaDashboard />);
    expect(screen.getByText('Cargando dashboard...')).toBeInTheDocument();
    expect(await screen.findByText('Validaste: 12')).toBeInTheDocument();
    expect(screen.getByText('Embarcados').parentElement).toHaveTextContent('37');
    expect(screen.getByText('Pendientes').parentElement).toHaveTextContent('13Sin embarcar');
    expect(screen.getByText('Total Hoy').parentElement).toHaveTextContent('50');
    expect(screen.getByText('Progreso').parentElement).toHaveTextContent('74%');
    expect(screen.getByRole('progressbar', { name: 'Progreso del embarque de hoy' })).toHaveAttribute('aria-valuenow', '74');
    expect(screen.getByRole('link', { name: /Validar Pasajes/ })).toHaveAttribute('href', '/admin/validador');
    expect(screen.getByRole('link', { name: /Lista de Pasajeros/ })).toHaveAttribute('href', '/admin/lista-pasajeros');
    expect(screen.getByRole('link', { name: /Rutas y Secciones/ })).toHaveAttribute('href', '/admin/rutas');
  });

  it('lists the latest validations with N/A for what is missing', async () => {
    answer(STATS, RECIENTES);
    renderWithProviders(<LanchaDashboard />);
    const lista = await screen.findByRole('region', { name: 'Últimas validaciones' });
    const [primera, segunda] = within(lista).getAllByRole('listitem');
    expect(primera).toHaveTextContent('LD-20261122-000009');
    expect(primera).toHaveTextContent('22/11/2026 10:05');
    expect(primera).toHaveTextContent('Juana Gómez · Tigre – Tres Bocas');
    expect(segunda).toHaveTextContent('N/A · N/A');
  });

  it('says when there are no validations yet', async () => {
    answer({ ...STATS, embarcados_hoy: 0, mis_embarcados_hoy: 0 }, []);
    renderWithProviders(<LanchaDashboard />);
    expect(await screen.findByText('No hay validaciones recientes')).toBeInTheDocument();
  });

  it('shows the load error with a retry button', async () => {
    server.use(http.get('/api/dashboard/lancha/stats', () => fail(403, 'No tienes permisos para realizar esta acción')));
    renderWithProviders(<LanchaDashboard />);
    expect(await screen.findByText('Error al cargar datos del dashboard')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
