import { expect, test } from '@playwright/test';
import { usuarioPropio, venderPorApi } from './helpers';

test('the mail’s link opens the ticket on the landing page; the number alone does not', async ({ page, request }) => {
  const pasaje = await venderPorApi(request, await usuarioPropio(request, 'vendedor'), 'Marta Ibarra');
  const numero = encodeURIComponent(pasaje.numero_pasaje);

  await page.goto(`/?pasaje=${numero}&codigo=${encodeURIComponent(pasaje.codigo_qr)}`);
  const dialog = page.getByRole('dialog', { name: 'Tu pasaje' });
  await expect(dialog.getByText(pasaje.numero_pasaje)).toBeVisible();
  await expect(dialog.getByText('Marta Ibarra')).toBeVisible();
  await expect(dialog.getByText(/^\d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  const qr = dialog.getByRole('img', { name: `Código QR del pasaje ${pasaje.numero_pasaje}` });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveJSProperty('naturalWidth', 320); // the PNG decoded
  await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);

  // An old link carries the number alone: it shows nothing of the ticket.
  await page.goto(`/?pasaje=${numero}`);
  await expect(dialog.getByRole('alert')).toContainText('Abrí el enlace del email que recibiste o consultá en la boletería.');
  await expect(dialog.getByText(pasaje.numero_pasaje)).toBeHidden();

  // Another ticket's code with this number: the same 'Pasaje no encontrado' as any forged code.
  const otro = await venderPorApi(request, await usuarioPropio(request, 'vendedor'), 'Otro Pasajero');
  await page.goto(`/?pasaje=${numero}&codigo=${encodeURIComponent(otro.codigo_qr)}`);
  await expect(dialog.getByText('Pasaje no encontrado')).toBeVisible();
});
