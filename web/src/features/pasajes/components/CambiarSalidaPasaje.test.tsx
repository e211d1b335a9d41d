import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PasajeDetalle, SalidaDisponible } from '@/api/pasajes';
import { makePasaje, signIn } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { ok, okWithMessage, server } from '@/testing/server';
import { CambiarSalidaPasaje } from './CambiarSalidaPasaje';

const salidaDisponible = (id: number, hora: string, s: Partial<SalidaDisponible> = {}): SalidaDisponible => ({
  id, hora, sentido: 'ida', estado: 'programada', embarcacion: 'Delta I', parada_embarque: 'Tigre', capacidad: 10, vendidos: 2, quedan: 8, ...s,
});

const pasaje = (): PasajeDetalle => ({
  ...makePasaje({ salida: { id: 7, hora: '10:30', embarcacion: 'Delta I', parada_embarque: 'Tigre' } }), impresiones: 1,
});

describe("changing a sold ticket's departure", () => {
  it('offers the other departures of its day with room and moves it, showing a refusal', async () => {
    signIn('supervisor');
    const cambios: unknown[] = [];
    let respuestas = 0;
    server.use(
      http.get('/api/pasajes/disponibilidad', () => ok({
        limitado: true, origen: 'salidas', capacidad: 30, vendidos: 12, quedan: 18, salidas: 3,
        salidas_del_dia: [salidaDisponible(7, '10:30'), salidaDisponible(8, '12:00', { vendidos: 10, quedan: 0 }),
          salidaDisponible(9, '14:00', { embarcacion: 'Caracol' })],
      })),
      http.put('/api/pasajes/41/salida', async ({ request }) => {
        cambios.push(await request.json());
        respuestas++;
        if (respuestas === 1) {
          return HttpResponse.json({ success: false, message: 'No quedan lugares en la salida de las 14:00 (quedan 0). Requiere confirmación de un supervisor.' }, { status: 409 });
        }
        return okWithMessage(makePasaje(), 'Salida del pasaje cambiada');
      }),
    );
    const { user } = renderWithProviders(<CambiarSalidaPasaje p={pasaje()} />);
    const select = await screen.findByRole('combobox', { name: 'Pasar a otra salida' });
    await user.click(screen.getByRole('button', { name: 'Cambiar salida' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Elija la salida a la que pasa el pasaje');
    await user.click(select);
    expect(await screen.findByRole('option', { name: '12:00 · Delta I · quedan 0', hidden: true })).toHaveAttribute('data-combobox-disabled', 'true');
    expect(screen.queryByRole('option', { name: /10:30/, hidden: true })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: '14:00 · Caracol · quedan 8', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Cambiar salida' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No quedan lugares en la salida de las 14:00');
    await user.click(screen.getByRole('button', { name: 'Cambiar salida' }));
    expect(await screen.findByText('Salida del pasaje cambiada')).toBeInTheDocument();
    expect(cambios).toEqual([{ salida_id: 9 }, { salida_id: 9 }]);
  });
});
