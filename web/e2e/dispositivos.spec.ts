import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { login, usuarioPropio } from './helpers';

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/dispositivos-${name}.png` });

/** What this browser keeps of its registration in IndexedDB (muelle-dispositivo); the e2e code has no DOM types, so the page runs it as text. */
function registroGuardado(page: Page) {
  return page.evaluate<{ codigo: string; certificado: string; extraible: boolean; tipo: string } | null>(`new Promise((resolve, reject) => {
    const abrir = indexedDB.open('muelle-dispositivo');
    abrir.onerror = () => reject(abrir.error);
    abrir.onsuccess = () => {
      const leer = abrir.result.transaction('dispositivo').objectStore('dispositivo').get('actual');
      leer.onerror = () => reject(leer.error);
      leer.onsuccess = () => {
        const r = leer.result;
        resolve(r ? { codigo: r.codigo, certificado: r.certificado, extraible: r.keyPair.privateKey.extractable,
          tipo: r.keyPair.privateKey.type } : null);
      };
    };
  })`);
}

test('el administrador registra este navegador como dispositivo y lo revoca', async ({ page, request }) => {
  const admin = await usuarioPropio(request, 'admin');
  await login(page, admin);
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Dispositivos' }).click();
  await expect(page.getByRole('heading', { name: 'Dispositivos', level: 1 })).toBeVisible();
  const nombre = `Navegador ${admin.usuario}`;

  await page.getByRole('button', { name: 'Registrar este dispositivo' }).click();
  const alta = page.getByRole('dialog', { name: 'Registrar este dispositivo' });
  await alta.getByLabel('Nombre del dispositivo').fill(nombre);
  await alta.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText(/^Dispositivo registrado con el código [0-9A-Z]{4}$/)).toBeVisible();
  const codigo = (await page.getByTestId('codigo-propio').textContent()) ?? '';
  expect(codigo).toMatch(/^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{4}$/);

  // The key pair stays in the browser: its private half cannot be exported.
  const guardado = await registroGuardado(page);
  expect(guardado).toMatchObject({ codigo, extraible: false, tipo: 'private' });
  expect(guardado?.certificado).toMatch(/^MUELLEDISP1\.[\w-]+\.[\w-]+$/);

  const fila = page.getByRole('table', { name: 'Dispositivos' }).getByRole('row').filter({ hasText: nombre });
  await expect(fila).toContainText(codigo);
  await expect(fila).toContainText('Este dispositivo');
  await expect(fila).toContainText(admin.usuario);
  await expect(fila).toContainText('Activo');
  await shot(page, 'registrado');

  await fila.getByRole('button', { name: `Revocar ${nombre}` }).click();
  const revocar = page.getByRole('dialog', { name: 'Revocar dispositivo' });
  await expect(revocar).toContainText(codigo);
  await revocar.getByRole('button', { name: 'Revocar' }).click();
  await expect(fila).toContainText('Revocado');
  await expect(fila).toContainText(`por ${admin.usuario}`);
  await expect(fila.getByRole('button', { name: `Revocar ${nombre}` })).toHaveCount(0);
  await expect(page.getByText(`Este navegador fue revocado con el código ${codigo}`, { exact: false })).toBeVisible();
  await shot(page, 'revocado');
});
