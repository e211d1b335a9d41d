import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { abrirCajaPorApi, apiGet, authHeaders, login, usuarioPropio, venderPorApi } from './helpers';
import { CLAVE_SMTP, PUERTO_SMTP, servidorSmtpDePrueba, USUARIO_SMTP } from './smtp';

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/smtp-${name}.png` });

const recibidos = servidorSmtpDePrueba();
const recibidosPor = (destino: string) => recibidos.filter((r) => r.para.includes(destino));

/** Turns the company's e-mail service on, through this file's SMTP server, on the configuration screen. */
async function configurarSmtp(page: Page) {
  await page.goto('/admin/configuracion-email');
  await page.getByLabel('Envío de email activo').check();
  await page.getByLabel('Servidor SMTP').fill('127.0.0.1');
  await page.getByRole('textbox', { name: 'Puerto' }).fill(String(PUERTO_SMTP));
  await page.getByLabel('Usuario SMTP').fill(USUARIO_SMTP);
  await page.getByLabel('Contraseña SMTP').fill(CLAVE_SMTP);
  await page.getByLabel('Email remitente').fill(USUARIO_SMTP);
  await page.getByLabel('Nombre remitente').fill('Lanchas del Delta');
  await page.getByRole('button', { name: 'Cargar plantilla por defecto' }).click();
  await expect(page.getByLabel('Plantilla HTML del pasaje')).toHaveValue(/\{\{codigo_pasaje\}\}/);
  await page.getByRole('button', { name: 'Guardar configuración' }).click();
  await expect(page.getByText('Configuración guardada exitosamente')).toBeVisible();
}

/** Leaves nothing behind: the e-mail service off again. */
async function apagarSmtp(page: Page) {
  await page.goto('/admin/configuracion-email');
  await page.getByLabel('Envío de email activo').uncheck();
  await page.getByRole('button', { name: 'Guardar configuración' }).click();
  await expect(page.getByText('Configuración guardada exitosamente').last()).toBeVisible();
}

// The company's e-mail service is on while each test runs (@empresa).
test('el admin configura el SMTP, envía la prueba y los pasajes llegan con su PDF', { tag: '@empresa' }, async ({ page, browser, request }) => {
  await login(page, 'admin');
  await configurarSmtp(page);

  await page.getByLabel('Email de destino').fill('admin@lanchas.test');
  await page.getByRole('button', { name: 'Enviar prueba' }).click();
  await expect(page.getByText(/Email de prueba enviado exitosamente/)).toBeVisible();
  expect(recibidosPor('admin@lanchas.test')).toHaveLength(1);
  expect(recibidosPor('admin@lanchas.test')[0].datos).toContain('Este es un email de prueba de Lanchas del Delta');
  await shot(page, 'configuracion');

  // A sale at the counter, sent from the after-sale dialog: the outbox worker delivers it.
  const vendedor = await usuarioPropio(request, 'vendedor');
  await abrirCajaPorApi(request, vendedor);
  const venta = await (await browser.newContext()).newPage();
  await login(venta, vendedor);
  await venta.goto('/admin/venta-pasajes');
  await venta.getByRole('button', { name: /Tigre – Tres Bocas/ }).click();
  await venta.getByLabel('Cantidad General').fill('2');
  await venta.getByRole('radio', { name: 'Efectivo' }).check();
  await venta.getByLabel('Nombre del cliente (opcional)').fill('Marta Correo');
  await venta.getByRole('button', { name: /^Crear Pasajes? —/ }).click();
  const dialogo = venta.getByRole('dialog', { name: 'Venta registrada' });
  await dialogo.getByRole('button', { name: 'Enviar por Email' }).click();
  await venta.getByLabel('Email del pasajero').fill('marta@example.com');
  await venta.getByRole('button', { name: 'Enviar', exact: true }).click();
  // The dialog shows the mail in the outbox, and its state once the worker delivered it.
  const envio = venta.getByRole('region', { name: 'Estado del envío' });
  await expect(envio).toContainText('Email a marta@example.com');

  await expect.poll(() => recibidosPor('marta@example.com').length, { timeout: 30_000 }).toBe(1);
  await expect(envio).toContainText('Enviado', { timeout: 30_000 });
  await shot(venta, 'enviado');
  const mail = recibidosPor('marta@example.com')[0].datos;
  expect(mail).toMatch(/^Subject: .*Lanchas del Delta/m);
  const pdfs = mail.match(/Content-Disposition: attachment;\s*filename="pasaje-[^"]+\.pdf"/g) ?? [];
  expect(pdfs).toHaveLength(2);
  expect(mail).toContain('JVBERi0'); // base64 of "%PDF-"

  await apagarSmtp(page);
});

test('el admin envía por email el PDF del reporte de ventas del mes y programa el reporte de cajas diario', { tag: '@empresa' }, async ({ page, request }) => {
  const vendedor = await usuarioPropio(request, 'vendedor');
  await venderPorApi(request, vendedor, 'Cliente Reporte Email');
  const { timezone } = await apiGet<{ timezone: string }>(request, '/api/config/empresa', await authHeaders(request, 'admin'));
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());
  await login(page, 'admin');
  await configurarSmtp(page);

  // The month's sales report, its PDF e-mailed through the dialog; the outbox worker delivers it.
  await page.goto('/admin/reportes/ventas');
  await page.getByText('Mes específico', { exact: true }).click(); // the segment's label: its radio is hidden
  await expect(page.getByRole('radio', { name: 'Mes específico' })).toBeChecked(); // the period the e-mail's subject is built from
  await expect(page.getByRole('table', { name: 'Ventas detalladas' }).getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('group', { name: 'Exportar' }).getByRole('button', { name: 'Email PDF' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Enviar reporte de ventas (PDF)' });
  const [anio, mes] = hoy.split('-');
  await expect(dialogo.getByLabel('Asunto')).toHaveValue(new RegExp(`^Reporte de ventas — 01/${mes}/${anio} a \\d{2}/${mes}/${anio}$`));
  await dialogo.getByRole('combobox', { name: 'Email de destino' }).fill('reportes@lanchas.test');
  await dialogo.getByLabel('Mensaje (opcional)').fill('El cierre del mes.');
  await shot(page, 'reporte-dialogo');
  await dialogo.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(page.getByText('✅ Reporte enviado exitosamente a reportes@lanchas.test')).toBeVisible();
  await expect(dialogo).toBeHidden();

  await expect.poll(() => recibidosPor('reportes@lanchas.test').length, { timeout: 30_000 }).toBe(1);
  const mail = recibidosPor('reportes@lanchas.test')[0].datos;
  // the header unfolded (a long subject goes on in encoded words on the next lines); quoted-printable: spaces as '_'
  expect(mail.replace(/\r?\n[ \t]+/g, ' ')).toMatch(/^Subject: .*Lanchas[ _]del[ _]Delta[ _].*Reporte[ _]de[ _]ventas/m);
  expect(mail).toContain('El cierre del mes.');
  expect(mail).toMatch(/Content-Type: application\/pdf/);
  expect(mail).toMatch(/Content-Disposition: attachment;\s*filename="reporte-ventas-[^"]+\.pdf"/);
  expect(mail).toContain('JVBERi0'); // base64 of "%PDF-"

  // Yesterday's register report every morning, scheduled on its screen.
  const asunto = `Cajas de ayer ${Date.now().toString(36)}`;
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Envíos programados' }).click();
  await expect(page).toHaveURL(/\/admin\/reportes\/programados$/);
  await page.getByRole('button', { name: 'Nuevo envío programado' }).click();
  const formulario = page.getByRole('dialog', { name: 'Nuevo envío programado' });
  await expect(formulario.getByRole('combobox', { name: 'Tipo de reporte' })).toHaveValue('Reporte de cajas diario');
  await formulario.getByRole('combobox', { name: 'Hora' }).click();
  await page.getByRole('option', { name: '06:00' }).click();
  await formulario.getByRole('combobox', { name: 'Destinatarios' }).fill('dueno@lanchas.test');
  await formulario.getByRole('combobox', { name: 'Destinatarios' }).press('Enter');
  await formulario.getByLabel('Asunto').fill(asunto);
  await formulario.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Envío programado guardado')).toBeVisible();
  const fila = page.getByRole('table', { name: 'Envíos programados' }).getByRole('row').filter({ hasText: asunto });
  await expect(fila).toContainText('Reporte de cajas diario');
  await expect(fila).toContainText('06:00');
  await expect(fila).toContainText('dueno@lanchas.test');
  await expect(fila).toContainText('Activo');
  await shot(page, 'programados');

  // Nothing left to send later: the schedule deleted, the e-mail service off.
  await fila.getByRole('button', { name: `Eliminar ${asunto}` }).click();
  await page.getByRole('dialog', { name: 'Eliminar envío programado' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Envío programado eliminado')).toBeVisible();
  await apagarSmtp(page);
});
