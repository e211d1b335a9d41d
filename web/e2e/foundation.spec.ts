import { expect, test } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { DEMO_PASSWORD, login } from './helpers';

const roles = [
  { usuario: 'superadmin', titulo: 'Dashboard Global', menu: ['Dashboard', 'Gestión de Roles', 'Gestión de Módulos'] },
  { usuario: 'admin', titulo: 'Dashboard de Administración', menu: ['Dashboard'] },
  { usuario: 'supervisor', titulo: 'Dashboard de Supervisión', menu: ['Dashboard'] },
  { usuario: 'vendedor', titulo: 'Dashboard de Ventas', menu: ['Dashboard'] },
  { usuario: 'lancha', titulo: 'Control de Embarque', menu: ['Dashboard'] },
];

for (const r of roles) {
  test(`${r.usuario} inicia sesión y llega a su dashboard con su menú`, async ({ page }) => {
    await login(page, r.usuario);
    await expect(page.getByRole('heading', { name: r.titulo })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    for (const entry of r.menu) {
      await expect(menu.getByRole('link', { name: entry })).toBeVisible();
    }
    if (r.usuario !== 'superadmin') {
      await expect(menu.getByRole('link', { name: 'Gestión de Roles' })).toHaveCount(0);
    }
    await expect(page.getByText('Lanchas del Delta').first()).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/dashboard-${r.usuario}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
}

test('una contraseña incorrecta muestra Credenciales inválidas', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByLabel('Usuario').fill('admin');
  await page.getByLabel('Contraseña', { exact: true }).fill('no-es-la-clave');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Credenciales inválidas')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/login-error.png` });
});

test('los campos vacíos muestran los mensajes de validación', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Por favor ingrese su usuario')).toBeVisible();
  await page.getByLabel('Usuario').fill('  admin  ');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Por favor ingrese su contraseña')).toBeVisible();
});

test('una ruta desconocida muestra la página 404', async ({ page }) => {
  await page.goto('/esto/no/existe');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await expect(page.getByText(/Buenos días|Buenas tardes|Buenas noches/)).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/404.png` });
});

test('un vendedor que abre una ruta de super administrador ve Acceso Denegado', async ({ page }) => {
  await login(page, 'vendedor');
  await page.goto('/admin/gestion-roles');
  await expect(page.getByRole('heading', { name: 'Acceso Denegado' })).toBeVisible();
  await expect(page.getByText('No tienes permisos para acceder a esta página.')).toBeVisible();
  await expect(page.getByText(/Super Administrador/)).toBeVisible();
  await expect(page.getByText(/Vendedor/).first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/acceso-denegado.png` });
});

test('sin sesión, una pantalla interna lleva al login', async ({ page }) => {
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('/login y /dashboard redirigen', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await login(page, 'admin');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('la landing muestra estadísticas reales y el contacto de la empresa', async ({ page, request }) => {
  // Other tests sell meanwhile: the page shows the figure the server gave at the moment it loaded.
  await expect(async () => {
    const stats = (await (await request.get('/api/public/stats')).json()).data;
    await page.goto('/');
    const pasajeros = new Intl.NumberFormat('es-AR').format(stats.pasajeros_atendidos);
    await expect(page.getByText(pasajeros, { exact: true }).first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.locator('#inicio')).toBeVisible();
  for (const id of ['#servicios', '#destinos', '#contacto']) {
    await expect(page.locator(id)).toBeAttached();
  }
  await expect(page.getByText('Mitre 319', { exact: false }).first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/landing.png`, fullPage: true });
  await page.getByRole('link', { name: 'Staff' }).first().click();
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('en el celular el menú es un cajón que se abre deslizando', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByLabel('Usuario').fill('vendedor');
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(menu).not.toBeInViewport();
  const cdp = await context.newCDPSession(page);
  const swipe = async (fromX: number, toX: number) => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y: 500 }] });
    for (let step = 1; step <= 5; step++) {
      const x = fromX + ((toX - fromX) * step) / 5;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: 500 }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
  await swipe(30, 250);
  await expect(menu).toBeInViewport({ ratio: 0.95 });
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/mobile-menu.png` });
  await swipe(300, 60);
  await expect(menu).not.toBeInViewport();
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(menu).toBeInViewport();
  await context.close();
});
