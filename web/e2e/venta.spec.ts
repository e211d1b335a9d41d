import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { login, usuarioPropio } from './helpers';

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/venta-${name}.png` });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

test('el vendedor abre la caja, vende 3 pasajes solo con el teclado y cierra la caja sin diferencia', async ({ page, request }) => {
  // A seller of its own: its register starts closed whatever the other tests do.
  await login(page, await usuarioPropio(request, 'vendedor'));

  // Abre la caja con $ 10.000 desde Gestión de Caja.
  await menu(page).getByRole('link', { name: 'Gestión de Caja' }).click();
  await expect(page.getByRole('heading', { name: 'Gestión de Caja' })).toBeVisible();
  await page.getByRole('button', { name: 'Abrir Caja' }).click();
  const abrir = page.getByRole('dialog', { name: 'Abrir Caja' });
  await abrir.getByLabel('Monto de apertura').fill('10000');
  // What is typed stays as typed; the amount to be saved is shown below it.
  await expect(abrir.getByLabel('Monto de apertura')).toHaveValue('10000');
  await expect(abrir.getByText('Se guardará: $ 10.000,00')).toBeVisible();
  await shot(page, 'abrir-caja');
  await abrir.getByRole('button', { name: 'Abrir Caja' }).click();
  await expect(page.getByRole('group', { name: 'Saldo Actual' })).toContainText(/10\.000,00/);

  // Venta Rápida: desde aquí, solo el teclado.
  await menu(page).getByRole('link', { name: 'Venta Rápida de Pasajes' }).click();
  const tresBocas = page.getByRole('button', { name: /Tigre – Tres Bocas/ });
  await expect(tresBocas).toBeFocused();
  await expect(page.getByText(/Caja abierta · Apertura \$\s10\.000,00/)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Cantidad General')).toBeFocused();
  await page.keyboard.type('2');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Cantidad Jubilado')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('radio', { name: 'Efectivo' })).toBeChecked();
  const crear = page.getByRole('button', { name: /^Crear Pasajes? —/ });
  await expect(crear).toHaveText(/Crear Pasajes — \$\s11\.250,00/);
  await shot(page, 'formulario');
  await page.keyboard.press('Control+Enter');

  await expect(page.getByRole('dialog', { name: 'Venta registrada' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ver Códigos de Validación' })).toBeFocused();
  await page.keyboard.press('Enter');
  const codigos = page.getByRole('dialog', { name: 'Códigos de Validación' });
  await expect(codigos.getByRole('listitem')).toHaveCount(3);
  await expect(codigos.getByText(/^MUELLE1\./)).toHaveCount(3);
  await expect(codigos.getByText(/General · \$\s4\.500,00/)).toHaveCount(2);
  await expect(codigos.getByText(/Jubilado · \$\s2\.250,00/)).toHaveCount(1);
  await shot(page, 'codigos');
  await page.keyboard.press('Enter');

  // El formulario queda listo para la próxima venta.
  await expect(codigos).toBeHidden();
  await expect(tresBocas).toBeFocused();
  await expect(tresBocas).toHaveAttribute('aria-pressed', 'false');
  await expect(crear).toHaveText(/\$\s0,00/);

  // The same screen on a 390 px phone (reloaded so that the layout starts narrow).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(tresBocas).toBeFocused();
  await shot(page, 'movil');
  await page.setViewportSize({ width: 1280, height: 720 });

  // La venta está en la caja.
  await menu(page).getByRole('link', { name: 'Gestión de Caja' }).click();
  await expect(page.getByRole('row', { name: /Venta de 3 pasajes/ })).toContainText(/\+\$\s11\.250,00/);
  await expect(page.getByRole('group', { name: 'Saldo Actual' })).toContainText(/21\.250,00/);
  await shot(page, 'caja');

  // Cierre contando $ 21.250.
  await page.getByRole('button', { name: 'Cerrar Caja' }).click();
  const cerrar = page.getByRole('dialog', { name: 'Cerrar Caja' });
  await expect(cerrar).toContainText(/Efectivo esperado\s*\$\s21\.250,00/);
  await cerrar.getByLabel('Efectivo contado').fill('21250');
  await expect(cerrar).toContainText(/Diferencia\s*\$\s0,00/);
  await cerrar.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('dialog', { name: 'Confirmar cierre de caja' }).getByRole('button', { name: 'Cerrar Caja' }).click();
  const resumen = page.getByRole('dialog', { name: 'Caja cerrada' });
  await expect(resumen).toContainText(/Total ventas\s*\$\s11\.250,00/);
  await expect(resumen).toContainText(/Diferencia\s*\$\s0,00/);
  await shot(page, 'cierre');

  // El resumen queda en pantalla hasta Listo; después se ve la caja cerrada.
  await resumen.getByRole('button', { name: 'Listo' }).click();
  await expect(resumen).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Caja Cerrada', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abrir Caja' })).toBeVisible();
});
