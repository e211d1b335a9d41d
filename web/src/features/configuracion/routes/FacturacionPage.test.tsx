import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Facturacion } from '@/api/facturacion';
import { cuitValido } from '@/features/configuracion/components/PerfilFiscalForm';
import { signIn } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { fail, ok, okWithMessage, server } from '@/testing/server';

const PATH = '/admin/configuracion/facturacion';
const SECCIONES = [{ id: 1, nombre: 'Tigre - Tres Bocas', tratamiento_iva: 'exento' as const }];
const VACIO: Facturacion = {
  configurado: false, cuit: '', condicion_iva: '', punto_venta_cae: 0, punto_venta_caea: 0, entorno: '',
  comprobantes_permitidos: [], certificado: null, secciones: SECCIONES,
};
const GUARDADO: Facturacion = {
  ...VACIO, configurado: true, cuit: '20123456786', condicion_iva: 'responsable_inscripto', punto_venta_cae: 3, punto_venta_caea: 4,
  entorno: 'homologacion',
  comprobantes_permitidos: [{ codigo: 1, nota_credito: 3, nombre: 'Factura A' }, { codigo: 6, nota_credito: 8, nombre: 'Factura B' }],
};

describe('Facturación electrónica', () => {
  let escrituras: { path: string; body: unknown }[];
  let actual: Facturacion;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-03T13:00:00Z'));
    escrituras = [];
    actual = VACIO;
    const registrar = (despues: () => Facturacion, message: string) => async ({ request }: { request: Request }) => {
      escrituras.push({ path: new URL(request.url).pathname, body: await request.json() });
      actual = despues();
      return okWithMessage(actual, message);
    };
    server.use(
      http.get('/api/config/facturacion', () => ok(actual)),
      http.put('/api/config/facturacion', registrar(() => GUARDADO, 'Perfil fiscal guardado exitosamente')),
      http.put('/api/config/facturacion/certificado', registrar(
        () => ({ ...GUARDADO, certificado: { cn: 'muelle-delta', vence: '2026-12-23T12:00:00Z' } }), 'Certificado de ARCA guardado exitosamente')),
      http.put('/api/config/secciones/:id/tratamiento-iva', async ({ request }) => {
        escrituras.push({ path: new URL(request.url).pathname, body: await request.json() });
        return okWithMessage({ ...SECCIONES[0], tratamiento_iva: 'iva_21' }, 'Tratamiento impositivo de la sección guardado');
      }),
    );
    signIn('admin');
  });

  afterEach(() => vi.useRealTimers());

  it('checks the CUIT as the server does', () => {
    expect(cuitValido('20-12345678-6')).toBe(true);
    expect(cuitValido('20123456786')).toBe(true);
    expect(cuitValido('20-12345678-5')).toBe(false);
    expect(cuitValido('20-20000009-0')).toBe(false);
  });

  it('saves the profile: the CUIT and the distinct points of sale are checked first', async () => {
    const { user } = renderApp(PATH);
    const form = await screen.findByRole('form', { name: 'Perfil fiscal' });
    expect(screen.getByText('Guarde primero el perfil fiscal para subir el certificado.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/CUIT/), '20-12345678-5');
    await user.type(within(form).getByLabelText(/Punto de venta \(CAE\)/), '3');
    await user.type(within(form).getByLabelText(/contingencia \(CAEA\)/), '3');
    await user.click(within(form).getByRole('button', { name: 'Guardar perfil fiscal' }));
    expect(await within(form).findByText('El CUIT debe tener 11 dígitos y un dígito verificador válido')).toBeInTheDocument();
    expect(within(form).getByText('El punto de venta de CAEA debe ser distinto del de CAE')).toBeInTheDocument();
    expect(escrituras).toHaveLength(0);

    const cuit = within(form).getByLabelText(/CUIT/);
    await user.clear(cuit);
    await user.type(cuit, '20-12345678-6');
    const caea = within(form).getByLabelText(/contingencia \(CAEA\)/);
    await user.clear(caea);
    await user.type(caea, '4');
    await user.click(within(form).getByRole('button', { name: 'Guardar perfil fiscal' }));
    expect(await screen.findByText('Perfil fiscal guardado exitosamente')).toBeInTheDocument();
    expect(escrituras).toEqual([{ path: '/api/config/facturacion', body: {
      cuit: '20-12345678-6', condicion_iva: 'responsable_inscripto', punto_venta_cae: 3, punto_venta_caea: 4, entorno: 'homologacion',
    } }]);
    expect(await screen.findByText(/Factura A \(1; nota de crédito 3\), Factura B \(6; nota de crédito 8\)/)).toBeInTheDocument();
  });

  it('uploads the certificate and shows its CN and expiry, warned within 30 days; a refusal is shown', async () => {
    actual = GUARDADO;
    server.use(http.put('/api/config/facturacion/certificado', () => fail(400, 'La clave privada no corresponde al certificado'), { once: true }));
    const { user } = renderApp(PATH);
    const form = await screen.findByRole('form', { name: 'Subir certificado' });
    expect(screen.getByText('Sin certificado')).toBeInTheDocument();
    await user.click(within(form).getByLabelText(/Certificado \(PEM\)/));
    await user.paste('-----BEGIN CERTIFICATE-----');
    await user.click(within(form).getByLabelText(/Clave privada \(PEM\)/));
    await user.paste('-----BEGIN PRIVATE KEY-----');
    await user.click(within(form).getByRole('button', { name: 'Subir certificado' }));
    expect(await screen.findByText('La clave privada no corresponde al certificado')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Subir certificado' }));
    expect(await screen.findByText('Certificado de ARCA guardado exitosamente')).toBeInTheDocument();
    expect(await screen.findByText(/vence el 23\/12\/2026/)).toBeInTheDocument();
    expect(screen.getByText('Vence en 20 días')).toBeInTheDocument();
    expect(escrituras.at(-1)).toEqual({ path: '/api/config/facturacion/certificado',
      body: { certificado: '-----BEGIN CERTIFICATE-----', clave: '-----BEGIN PRIVATE KEY-----' } });
  });

  it("sets a section's tax treatment", async () => {
    const { user } = renderApp(PATH);
    const tabla = await screen.findByRole('table', { name: 'Tratamiento impositivo por sección' });
    await user.click(within(tabla).getByRole('combobox', { name: 'Tratamiento de Tigre - Tres Bocas' }));
    await user.click(await screen.findByRole('option', { name: 'IVA 21 %', hidden: true }));
    expect(await screen.findByText('Tratamiento impositivo de la sección guardado')).toBeInTheDocument();
    expect(escrituras).toEqual([{ path: '/api/config/secciones/1/tratamiento-iva', body: { tratamiento_iva: 'iva_21' } }]);
  });
});
