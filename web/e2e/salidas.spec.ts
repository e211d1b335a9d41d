import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { login, usuarioPropio, violaciones } from './helpers';

const SECCION = 'Tigre – Tres Bocas';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/salidas-${name}.png` });

/** A departure about two hours ahead in Buenos Aires: its date (dd/mm/aaaa) and time (HH:MM, a minute of its own). */
function salidaEnDosHoras(): { fecha: string; hora: string } {
  const en = new Date(Date.now() + 2 * 3_600_000);
  const partes = Object.fromEntries(new Intl.DateTimeFormat('es-AR', {
    timeZone: 'America/Argentina/Buenos_Aires', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', hourCycle: 'h23',
  }).formatToParts(en).map((p) => [p.type, p.value]));
  const minuto = String(10 + Math.floor(Math.random() * 50)).padStart(2, '0');
  return { fecha: `${partes.day}/${partes.month}/${partes.year}`, hora: `${partes.hour}:${minuto}` };
}

// Today's departures show on every crew member's validator (its default departure): no other test may board
// meanwhile (@empresa).
test('un admin crea una embarcación; un supervisor arma el horario, ve las salidas generadas y pasa una a embarcando', { tag: '@empresa' }, async ({ page, request }) => {
  test.setTimeout(120_000);
  const [admin, supervisor] = await Promise.all([usuarioPropio(request, 'admin'), usuarioPropio(request, 'supervisor')]);
  const sufijo = Date.now().toString(36).toUpperCase();
  const barco = `Delta ${sufijo}`;

  // The boat: configuracion.editar (the admin).
  await login(page, admin);
  await page.goto('/admin/configuracion/embarcaciones');
  await expect(page.getByRole('heading', { name: 'Embarcaciones' })).toBeVisible();
  await page.getByRole('button', { name: 'Nueva embarcación' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva embarcación' });
  await form.getByLabel('Nombre').fill(barco);
  await form.getByLabel('Matrícula').fill(`E2E-${sufijo}`);
  await form.getByLabel('Capacidad habilitada (pasajeros)').fill('60');
  await form.getByRole('switch', { name: 'Indicar asientos y de pie' }).click();
  await form.getByRole('textbox', { name: 'Asientos' }).fill('50');
  await form.getByRole('textbox', { name: 'De pie' }).fill('10');
  await form.getByLabel('Vencimiento del certificado').fill('31/12/2030');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Embarcación creada exitosamente')).toBeVisible();
  const fila = page.getByRole('row').filter({ hasText: barco });
  await expect(fila).toContainText('60 pasajeros');
  await expect(fila).toContainText('50 sentados · 10 de pie');
  await expect(fila).toContainText('31/12/2030');
  await shot(page, 'embarcaciones');
  expect(await violaciones(page)).toEqual([]);

  // The timetable and the departures: the supervisor.
  await page.context().clearCookies();
  await page.evaluate('localStorage.clear()');
  await login(page, supervisor);
  await page.goto('/admin/horarios-salidas');
  await expect(page.getByRole('heading', { name: 'Horarios y salidas' })).toBeVisible();
  await page.getByRole('tab', { name: 'Horarios' }).click();
  await page.getByRole('button', { name: 'Nuevo horario' }).click();
  const horario = page.getByRole('dialog', { name: 'Nuevo horario' });
  const { fecha, hora } = salidaEnDosHoras();
  await horario.getByRole('combobox', { name: 'Sección' }).click();
  await page.getByRole('option', { name: SECCION }).click();
  await horario.getByLabel('Hora de salida').fill(hora);
  await horario.getByRole('combobox', { name: 'Embarcación por defecto' }).click();
  await page.getByRole('option', { name: new RegExp(barco) }).click();
  await horario.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Horario creado exitosamente')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Horarios' }).getByRole('row').filter({ hasText: hora })).toContainText('Todos los días');
  expect(await violaciones(page)).toEqual([]);

  await page.getByRole('tab', { name: 'Salidas' }).click();
  await page.getByRole('button', { name: 'Generar salidas' }).click();
  await expect(page.getByText(/^Se gener(ó 1 salida|aron \d+ salidas)$/)).toBeVisible();
  const dia = page.getByLabel('Fecha de las salidas');
  await dia.fill(fecha);
  await dia.press('Tab');
  const salida = page.getByRole('table', { name: 'Salidas del día' }).getByRole('row').filter({ hasText: hora });
  await expect(salida).toContainText(SECCION);
  await expect(salida).toContainText('0 / 60');
  await expect(salida).toContainText('Programada');
  await shot(page, 'salidas');
  expect(await violaciones(page)).toEqual([]);

  await salida.getByRole('button', { name: `Embarcar: ${hora} ${SECCION}` }).click();
  await expect(page.getByText('Salida embarcando')).toBeVisible();
  await expect(salida).toContainText('Embarcando');
  await expect(salida).toContainText(supervisor.nombre);
  await expect(salida.getByRole('button', { name: `Zarpó: ${hora} ${SECCION}` })).toBeVisible();

  // On a phone at the pier the departure is a card with its figures and actions, nothing off the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const movil = page.getByLabel('Fecha de las salidas');
  await movil.fill(fecha);
  await movil.press('Tab');
  const tarjeta = page.getByRole('article', { name: `Salida de las ${hora} a ${SECCION}` });
  await expect(tarjeta).toContainText('Embarcados: 0 / 60');
  // Other tests' departures of the day may come first: the card is scrolled to, and its action fits the phone's width.
  await tarjeta.scrollIntoViewIfNeeded();
  await expect(tarjeta.getByRole('button', { name: `Zarpó: ${hora} ${SECCION}` })).toBeInViewport();
  await shot(page, 'movil');
  await page.setViewportSize({ width: 1280, height: 720 });

  // The passenger home's 'Horarios' shows the timetable (and, when the departure is today, its state).
  await page.goto('/horarios');
  await expect(page.getByRole('heading', { name: 'Horarios', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Horarios de la semana' }).getByRole('row').filter({ hasText: hora })).toContainText(SECCION);
  await shot(page, 'publico');
  expect(await violaciones(page)).toEqual([]);
});
