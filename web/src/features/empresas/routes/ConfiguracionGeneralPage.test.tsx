import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { configCaja } from '@/testing/handlers/caja';
import { EMPRESA, signIn } from '@/testing/fixtures';
import { ok, okWithMessage } from '@/testing/http';
import { renderApp } from '@/testing/render';
import { fail, server } from '@/testing/server';
import { MSG_LOGO_GRANDE, MSG_LOGO_NO_IMAGEN, MSG_LOGO_SIN_ARCHIVO, problemaDeLogo } from './ConfiguracionGeneralPage';

function renderScreen() {
  signIn('admin');
  return renderApp('/admin/configuracion/general');
}

describe('problemaDeLogo', () => {
  it('checks presence, type and the 5 MB bound', () => {
    expect(problemaDeLogo(null)).toBe(MSG_LOGO_SIN_ARCHIVO);
    expect(problemaDeLogo(new File(['x'], 'logo.txt', { type: 'text/plain' }))).toBe(MSG_LOGO_NO_IMAGEN);
    expect(problemaDeLogo(new File([new Uint8Array(6 * 1024 * 1024)], 'logo.png', { type: 'image/png' }))).toBe(MSG_LOGO_GRANDE);
    expect(problemaDeLogo(new File(['x'], 'logo.gif', { type: 'image/gif' }))).toBeNull();
  });
});

describe('Configuración General', () => {
  beforeEach(() => {
    server.use(configCaja());
  });

  it("switches the company's blind close on and sets the tolerance in pesos", async () => {
    const bodies: unknown[] = [];
    server.use(
      configCaja({ cierre_ciego: false, tolerancia_cierre: 0 }),
      http.put('/api/config/caja', async ({ request }) => {
        const body = (await request.json()) as { tolerancia_cierre: number };
        bodies.push(body);
        if (body.tolerancia_cierre > 1000000) return fail(400, 'La tolerancia de cierre debe estar entre $ 0,00 y $ 1.000.000,00');
        return okWithMessage(body, 'Configuración de caja guardada exitosamente');
      }),
    );
    const { user } = renderScreen();
    const seccion = await screen.findByRole('region', { name: 'Caja' });
    const ciego = await within(seccion).findByRole('switch', { name: /Cierre de caja a ciegas/ });
    expect(ciego).not.toBeChecked();
    const tolerancia = within(seccion).getByLabelText(/Tolerancia de cierre/);
    await user.click(ciego);
    await user.clear(tolerancia);
    await user.type(tolerancia, '1.000.000,01');
    await user.click(within(seccion).getByRole('button', { name: 'Guardar configuración de caja' }));
    // Past the bound: said on the field, nothing sent.
    expect(await within(seccion).findByText('La tolerancia de cierre debe estar entre $ 0,00 y $ 1.000.000,00')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(tolerancia);
    await user.type(tolerancia, '1.500,50');
    await user.click(within(seccion).getByRole('button', { name: 'Guardar configuración de caja' }));
    expect(await screen.findByText('Configuración de caja guardada exitosamente')).toBeInTheDocument();
    expect(bodies).toEqual([{ cierre_ciego: true, tolerancia_cierre: 1500.5 }]);
  });

  it('saves the company form with its contact data and sale thresholds', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.put('/api/config/empresa', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return okWithMessage(EMPRESA, 'Configuración actualizada exitosamente');
      }),
    );
    const { user } = renderScreen();
    const whatsapp = await screen.findByLabelText('WhatsApp');
    expect(screen.getByLabelText('Gerente')).toHaveValue('Ana Paz');
    await user.type(whatsapp, '+54 9 11 5555-0000');
    await user.clear(screen.getByLabelText('Días de venta anticipada'));
    await user.type(screen.getByLabelText('Días de venta anticipada'), '30');
    await user.click(screen.getByRole('button', { name: 'Guardar Configuración' }));
    expect(await screen.findByText('Configuración actualizada exitosamente')).toBeInTheDocument();
    expect(body).toMatchObject({
      nombre: 'Lanchas del Delta',
      timezone: 'America/Argentina/Buenos_Aires',
      dias_venta_anticipada: 30,
      venta_confirmar_monto_mayor_a: 100000,
      datos_contacto: { gerente: 'Ana Paz', whatsapp: '+54 9 11 5555-0000' },
    });
  });

  it('uploads the logo as multipart and the header shows the new one', async () => {
    let empresa = EMPRESA;
    let field: FormDataEntryValue | null = null;
    server.use(
      http.get('/api/config/empresa', () => ok(empresa)),
      http.post('/api/config/empresa/logo', async ({ request }) => {
        field = (await request.formData()).get('logo');
        empresa = { ...EMPRESA, logo_url: '/api/public/empresas/1/logo?v=abc' };
        return okWithMessage({ url: empresa.logo_url }, 'Logo subido exitosamente');
      }),
    );
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Subir logo' }));
    expect(await screen.findByText(MSG_LOGO_SIN_ARCHIVO)).toBeInTheDocument();

    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['png'], 'logo.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Subir logo' }));
    expect(await screen.findByText('Logo subido exitosamente')).toBeInTheDocument();
    expect(field).toMatchObject({ type: 'image/png' });
    await waitFor(() => expect(screen.getByAltText('Logo de Lanchas del Delta')).toHaveAttribute('src', '/api/public/empresas/1/logo?v=abc'));
  });
});
