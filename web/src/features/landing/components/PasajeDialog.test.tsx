import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PasajePublico } from '@/api/public';
import { renderWithProviders } from '@/testing/render';
import { fail, ok, server } from '@/testing/server';
import { LandingPage } from '@/features/landing/routes/LandingPage';
import { MSG_ENLACE_SIN_CODIGO } from './PasajeDialog';

const CODIGO = 'MUELLE1.eyJlIjoxfQ.firma+/=';

const PASAJE: PasajePublico = {
  empresa: 'Lanchas del Delta', numero_pasaje: 'LD-20261120-000073', pasajero: 'Ana Pérez', fecha_viaje: '2026-11-20',
  seccion: 'Tigre - Isla', tipo_viaje: 'General', estado: 'activo', precio: 1500.5, qr: 'data:image/png;base64,iVBORw0KGgo=',
  salida: { id: 7, hora: '10:30', embarcacion: 'Delta Sur', parada_embarque: 'Tigre' },
};

describe('PasajeDialog (the link of the tickets mail)', () => {
  it('opens the ticket of the number and its signed code, and closes', async () => {
    let consulta: URLSearchParams | null = null;
    server.use(http.get('/api/public/pasaje', ({ request }) => {
      consulta = new URL(request.url).searchParams;
      return ok(PASAJE);
    }));
    const { user } = renderWithProviders(<LandingPage />,
      { route: `/?pasaje=LD-20261120-000073&codigo=${encodeURIComponent(CODIGO)}` });
    const dialog = await screen.findByRole('dialog', { name: 'Tu pasaje' });
    expect(await within(dialog).findByText('LD-20261120-000073')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Código QR del pasaje LD-20261120-000073' }))
      .toHaveAttribute('src', PASAJE.qr);
    expect(within(dialog).getByText('20/11/2026')).toBeInTheDocument();
    expect(within(dialog).getByText('10:30 · Delta Sur · embarca en Tigre')).toBeInTheDocument();
    expect(within(dialog).getByText('$ 1.500,50')).toBeInTheDocument();
    expect(within(dialog).getByText('Ana Pérez')).toBeInTheDocument();
    expect(within(dialog).getByText('Activo')).toBeInTheDocument();
    expect(consulta!.get('numero')).toBe('LD-20261120-000073');
    expect(consulta!.get('codigo')).toBe(CODIGO);
    // the header's ✕ and the footer's button both close it; the footer's is the last
    const cerrar = within(dialog).getAllByRole('button', { name: 'Cerrar' });
    expect(cerrar).toHaveLength(2);
    await user.click(cerrar[1]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tu pasaje' })).not.toBeInTheDocument());
  });

  it('says the server’s "Pasaje no encontrado" for a code that is not the ticket’s', async () => {
    server.use(http.get('/api/public/pasaje', () => fail(404, 'Pasaje no encontrado')));
    renderWithProviders(<LandingPage />, { route: '/?pasaje=LD-20261120-000073&codigo=MUELLE1.otro.codigo' });
    const dialog = await screen.findByRole('dialog', { name: 'Tu pasaje' });
    expect(await within(dialog).findByText('Pasaje no encontrado')).toBeInTheDocument();
    expect(within(dialog).getByText('No pudimos mostrar tu pasaje')).toBeInTheDocument();
  });

  it('asks for the mail’s link when the link carries the number alone, without asking the server', async () => {
    let llamadas = 0;
    server.use(http.get('/api/public/pasaje', () => {
      llamadas++;
      return ok(PASAJE);
    }));
    renderWithProviders(<LandingPage />, { route: '/?pasaje=LD-20261120-000073' });
    const dialog = await screen.findByRole('dialog', { name: 'Tu pasaje' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG_ENLACE_SIN_CODIGO);
    expect(within(dialog).queryByText('LD-20261120-000073')).not.toBeInTheDocument();
    expect(llamadas).toBe(0);
  });

  it('opens the ticket dialog for a link whose number was cut off (`/?pasaje=`), not the plain landing', async () => {
    renderWithProviders(<LandingPage />, { route: '/?pasaje=' });
    const dialog = await screen.findByRole('dialog', { name: 'Tu pasaje' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG_ENLACE_SIN_CODIGO);
  });

  it('opens no dialog on the plain landing page', async () => {
    renderWithProviders(<LandingPage />);
    expect(await screen.findByText('Atención telefónica de 6:00 a 22:00.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
