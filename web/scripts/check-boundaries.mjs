// Proves that the lint boundaries (eslint.config.js) hold: each case lints a made-up
// file and expects the rule's error, or none for the imports that are allowed.
// Run by `npm run lint`; exits 1 when the rules let a forbidden import through.
import { ESLint } from 'eslint';

const RESTRICTED = 'import-x/no-restricted-paths';
const IMPORTS = '@typescript-eslint/no-restricted-imports';
const CYCLE = 'import-x/no-cycle';

/** [file that would hold the code, code, rule expected to fail or null]. */
const CASES = [
  ['src/features/venta/Cruce.ts', "export { GestionCajaPage } from '@/features/caja/routes/GestionCajaPage';", RESTRICTED],
  ['src/features/embarque/Cruce.ts', "export { useVenta } from '@/features/venta/useVenta';", RESTRICTED],
  ['src/lib/Cruce.ts', "export { LoginPage } from '@/features/auth/routes/LoginPage';", RESTRICTED],
  ['src/api/Cruce.ts', "export { esIngreso } from '@/features/caja/movimientos';", RESTRICTED],
  ['src/components/Cruce.ts', "export { DashboardChooser } from '@/features/dashboard/routes/DashboardChooser';", RESTRICTED],
  ['src/features/caja/Cruce.ts', "export { AppRoutes } from '@/app/routes';", RESTRICTED],
  ['src/features/caja/Cruce.test.tsx', "export { SCREENS } from '@/app/screens';", RESTRICTED],
  ['src/components/Cruce.ts', "export { AppProviders } from '@/app/AppProviders';", RESTRICTED],
  ['src/api/Cruce.ts', "export { MoneyInput } from '@/components/MoneyInput';", RESTRICTED],
  ['src/lib/Cruce.ts', "export { ConfirmDialog } from '@/components/ConfirmDialog';", RESTRICTED],
  ['src/lib/Cruce.ts', "export { cajaEstadoQuery } from '@/api/caja';", IMPORTS],
  ['src/lib/Permitido.ts', "export type { Caja } from '@/api/caja';", null],
  // api/keys.ts importing a resource module that imports it back.
  ['src/api/keys.ts', "export { cajaEstadoQuery } from '@/api/caja';", CYCLE],
  ['src/features/caja/Relativo.ts', "export { formatMoney } from '../../lib/format';", IMPORTS],
  ['src/features/venta/Permitido.ts', "export { cajaEstadoQuery } from '@/api/caja';\nexport { useVenta } from '@/features/venta/useVenta';\nexport { formatMoney } from '@/lib/format';", null],
  ['src/app/Permitido.ts', "export { GestionCajaPage } from '@/features/caja/routes/GestionCajaPage';", null],
  ['src/testing/Permitido.ts', "export { AppRoutes } from '@/app/routes';\nexport { MoneyInput } from '@/components/MoneyInput';", null],
];

const eslint = new ESLint({ cwd: import.meta.dirname + '/..' });
let failures = 0;
for (const [filePath, code, expected] of CASES) {
  const [result] = await eslint.lintText(code + '\n', { filePath });
  const rules = result.messages.map((m) => m.ruleId);
  const ok = expected ? rules.includes(expected) : result.messages.length === 0;
  if (!ok) failures++;
  const what = expected ? `rechaza (${expected})` : 'permite';
  console.log(`${ok ? 'ok  ' : 'MAL '} ${filePath} ${what}${ok ? '' : `: ${JSON.stringify(result.messages.map((m) => m.message))}`}`);
}
if (failures) {
  console.error(`check-boundaries: ${failures} caso(s) no se comportan como se espera`);
  process.exit(1);
}
