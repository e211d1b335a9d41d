import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VentaInput } from '@/api/pasajes';
import { estadoCaja, makeCaja, signInVendedor } from '@/testing/handlers/caja';
import { catalogHandlers } from '@/testing/handlers/config';
import { makePasaje } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { ok, server } from '@/testing/server';
import { errorPasajeros, fechaISO, FILA_VACIA, MSG_FALTAN_NOMBRES, pasajerosDe } from '@/features/venta/pasajeros';
import { VentaPasajesPage } from './VentaPasajesPage';

/** Records every POST /pasajes/lote body and answers with one ticket per line's quantity. */
function trackLote() {
  const calls: VentaInput[] = [];
  server.use(http.post('/api/pasajes/lote', async ({ request }) => {
    const body = (await request.json()) as VentaInput;
    calls.push(body);
    const pasajes = Array.from({ length: body.lineas[0].cantidad }, (_, i) => makePasaje({ id: 100 + i, numero_pasaje: `LD-1-${i}` }));
    return ok({ pasajes, total: 0 }, { status: 201 });
  }));
  return calls;
}

/** The demo catalog with its first section requiring a name per ticket. */
function seccionQueExigeNombres() {
  server.use(http.get('/api/config/secciones', () => HttpResponse.json({ success: true, data: [
    { id: 1, nombre: 'Tigre – Tres Bocas', descripcion: '', activo: true, requiere_pasajeros: true },
  ] })));
}

async function tresPasajes() {
  const view = renderWithProviders(<VentaPasajesPage />, { route: '/admin/venta-pasajes' });
  await screen.findByRole('button', { name: /Tigre – Tres Bocas/ });
  await view.user.keyboard('{Enter}3');
  return view;
}

const nombre = (n: number) => screen.getByLabelText(`Nombre y apellido del pasajero ${n}`);
const crear = () => screen.getByRole('button', { name: /^Crear Pasajes? —/ });

describe('Pasajeros of the quick sale', () => {
  beforeEach(() => {
    signInVendedor();
    server.use(...catalogHandlers, estadoCaja(makeCaja()));
  });

  it('offers one row per ticket, typed with Tab from name to sex and on to the next row, and sends them in order', async () => {
    const calls = trackLote();
    const { user } = await tresPasajes();
    expect(screen.getAllByLabelText(/^Nombre y apellido del pasajero/)).toHaveLength(3);
    await user.click(nombre(1));
    // name, document type (DNI), number, nationality, birth date, age band, sex, then the next row's name
    await user.keyboard('Marta Gómez{Tab}{Tab}30111222{Tab}Argentina{Tab}02/03/1985{Tab}{Tab}{Tab}');
    expect(nombre(2)).toHaveFocus();
    await user.keyboard('Raúl Gómez{Tab}{Tab}29111333{Tab}{Tab}{Tab}{Tab}{Tab}');
    expect(nombre(3)).toHaveFocus();
    await user.keyboard('Sofía Gómez');
    await user.click(crear());
    await screen.findByRole('dialog', { name: 'Venta registrada' });
    expect(calls[0].pasajeros).toEqual([
      { nombre: 'Marta Gómez', documento_tipo: 'DNI', documento_numero: '30111222', nacionalidad: 'Argentina', fecha_nacimiento: '1985-03-02' },
      { nombre: 'Raúl Gómez', documento_tipo: 'DNI', documento_numero: '29111333' },
      { nombre: 'Sofía Gómez' },
    ]);
  });

  it('sends no passengers when none was typed', async () => {
    const calls = trackLote();
    const { user } = await tresPasajes();
    await user.click(crear());
    await screen.findByRole('dialog', { name: 'Venta registrada' });
    expect(calls[0]).not.toHaveProperty('pasajeros');
  });

  it('refuses a sale without a name per ticket on a section that requires them, and sends nothing', async () => {
    seccionQueExigeNombres();
    const calls = trackLote();
    const { user } = await tresPasajes();
    expect(screen.getByText('Esta sección exige el nombre de cada pasajero.')).toBeInTheDocument();
    await user.type(nombre(1), 'Marta Gómez');
    await user.click(crear());
    expect(await screen.findByText(MSG_FALTAN_NOMBRES)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('pasajeros', () => {
  it('reads dd/mm/aaaa dates and refuses impossible ones', () => {
    expect(fechaISO('2/3/1985')).toBe('1985-03-02');
    expect(fechaISO('31/02/2020')).toBeNull();
    expect(fechaISO('1985-03-02')).toBeNull();
  });

  it('explains a row with data but no name, a bad date, and a missing name where required', () => {
    const con = (nombre: string, extra = {}) => ({ ...FILA_VACIA, nombre, ...extra });
    expect(errorPasajeros([con('', { documento_numero: '1' })], false, '')).toBe('Pasajero 1: falta el nombre y apellido');
    expect(errorPasajeros([con('Ana', { nacimiento: '1985' })], false, '')).toBe('Pasajero 1: la fecha de nacimiento debe ser dd/mm/aaaa');
    expect(errorPasajeros([con('Ana', { documento_numero: '30.111.22X' })], false, '')).toBe('Pasajero 1: el DNI debe tener 7 u 8 dígitos');
    expect(errorPasajeros([con('Ana', { documento_numero: '30.111.222' })], false, '')).toBeNull();
    expect(errorPasajeros([con('Ana', { documento_numero: 'AB123', documento_tipo: 'PASAPORTE' })], false, '')).toBeNull();
    expect(errorPasajeros([con('Ana'), FILA_VACIA], true, '')).toBe(MSG_FALTAN_NOMBRES);
    // one ticket bought by a named customer names them
    expect(errorPasajeros([FILA_VACIA], true, 'Juan Paz')).toBeNull();
    expect(pasajerosDe([FILA_VACIA, FILA_VACIA])).toBeUndefined();
    expect(pasajerosDe([FILA_VACIA, con('Ana', { franja_edad: 'menor', sexo: 'F' })])).toEqual([
      {}, { nombre: 'Ana', franja_edad: 'menor', sexo: 'F' },
    ]);
  });
});
