import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { authHeaders, login, usuarioPropio, violaciones } from './helpers';

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/paradas-${name}.png`, fullPage: true });

// Issue 40 item 1: a section is a route of stops; the admin adds one and the public timetable shows it with its time.
test('un admin agrega una parada al recorrido y los horarios públicos la muestran con su hora', async ({ page, request }) => {
  test.setTimeout(120_000);
  const sufijo = Date.now().toString(36).toUpperCase();
  const destino = `Rama Negra ${sufijo}`;
  const seccion = `Tigre – ${destino}`;
  const admin = await usuarioPropio(request, 'admin');
  const headers = await authHeaders(request, admin);

  // A section of its own, with a timetable row at 08:15 every day: a route of its two names.
  const creada = await request.post('/api/config/secciones', { headers, data: { nombre: seccion, capacidad: 30 } });
  expect(creada.status(), await creada.text()).toBe(201);
  const seccionId = (await creada.json()).data.id as number;
  const horario = await request.post('/api/horarios', { headers, data: { seccion_id: seccionId, hora: '08:15', dias: [1, 2, 3, 4, 5, 6, 7] } });
  expect(horario.status(), await horario.text()).toBe(201);

  await page.goto('/horarios');
  const fila = () => page.getByRole('table', { name: 'Horarios de la semana' }).getByRole('row').filter({ hasText: seccion });
  await expect(fila()).toContainText(`Tigre 08:15`);
  await expect(fila()).toContainText(`${destino} 09:15`);

  // The admin adds a stop half-way and moves it before the last one.
  await login(page, admin);
  await page.goto('/admin/configuracion/secciones');
  await page.getByRole('button', { name: `Paradas de ${seccion}` }).click();
  const dialogo = page.getByRole('dialog', { name: `Paradas de ${seccion}` });
  await expect(dialogo.getByRole('textbox', { name: 'Nombre de la parada 2' })).toHaveValue(destino);
  await dialogo.getByRole('button', { name: 'Agregar parada' }).click();
  await dialogo.getByRole('textbox', { name: 'Nombre de la parada 3' }).fill('Arroyo Gambado');
  await dialogo.getByRole('textbox', { name: 'Minutos de la parada 3 desde la primera' }).fill('90');
  await dialogo.getByRole('button', { name: 'Subir Arroyo Gambado' }).click();
  await expect(dialogo.getByRole('textbox', { name: 'Nombre de la parada 2' })).toHaveValue('Arroyo Gambado');
  await shot(page, 'editor');
  expect(await violaciones(page, '[role="dialog"]')).toEqual([]);
  // A stop repeated is refused by the server in Spanish, and nothing is saved.
  await dialogo.getByRole('textbox', { name: 'Nombre de la parada 3' }).fill('tigre');
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialogo.getByRole('alert')).toContainText('La parada «tigre» está repetida en el recorrido');
  await dialogo.getByRole('textbox', { name: 'Nombre de la parada 3' }).fill(destino);
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Paradas actualizadas exitosamente')).toBeVisible();
  await expect(dialogo).toBeHidden();

  // The public timetable shows the three stops with their times.
  await page.goto('/horarios');
  await expect(fila()).toContainText('Tigre 08:15');
  await expect(fila()).toContainText('Arroyo Gambado 09:15');
  await expect(fila()).toContainText(`${destino} 09:45`);
  await shot(page, 'horarios-publicos');
  expect(await violaciones(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(fila()).toContainText('Arroyo Gambado 09:15');
  await shot(page, 'horarios-publicos-telefono');
});
