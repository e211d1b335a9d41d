import fs from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = fs.readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The layering of src/, checked on every import (resolved through the '@/' alias).
 * From the bottom: lib/ (client, session, formatting, browser helpers), api/ (one
 * module per resource), components/ (shared UI), features/ (one folder per screen
 * family), app/ (router, layout, providers), which alone puts features together.
 * A layer imports only the ones below it; a feature never imports another feature;
 * testing/ sits above everything but the features.
 */
export const boundaryZones = [
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Una feature no importa otra feature: compartir por api/, components/ o lib/.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Una feature no importa app/: app/ compone las features (las pruebas usan renderApp de testing/render).',
  },
  ...['api', 'components', 'lib', 'testing'].map((layer) => ({
    target: `./src/${layer}`,
    from: './src/features',
    message: `${layer}/ no importa features: lo compartido vive en api/, components/ o lib/.`,
  })),
  ...['api', 'components', 'lib'].map((layer) => ({
    target: `./src/${layer}`,
    from: './src/app',
    message: `${layer}/ no importa app/: app/ está encima de todas las capas.`,
  })),
  ...['api', 'lib'].map((layer) => ({
    target: `./src/${layer}`,
    from: './src/components',
    message: `${layer}/ no importa components/: la UI compartida está encima de api/ y lib/.`,
  })),
];

/** '@/x' instead of '../../x': one spelling per module. */
const NO_PARENT = { regex: '^\\.\\./', message: "Importar con el alias '@/' en lugar de '../'." };
/** lib/ is the bottom layer: of api/ it may name the wire types (erased at build), never a value. */
const LIB_NO_API = {
  group: ['@/api', '@/api/*'],
  allowTypeImports: true,
  message: 'lib/ no importa valores de api/ (solo tipos): lo que necesita una consulta vive en api/ o en app/.',
};

export default defineConfig([
  globalIgnores(['dist', 'node_modules', 'playwright-report', 'test-results']),
  {
    files: ['**/*.{ts,tsx,js,cjs}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      globals: globals.browser,
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({
        tsconfig: { configFile: `${import.meta.dirname}/tsconfig.app.json` },
        extensions: ['.ts', '.tsx', '.js'],
      })],
      // no-cycle reads the imported modules: it must parse TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NO_PARENT] }],
    },
  },
  {
    files: ['src/lib/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NO_PARENT, LIB_NO_API] }],
    },
  },
  {
    // the service worker runs in its own global scope, without a window
    files: ['src/sw.ts', 'src/sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['*.config.{ts,js,cjs}', 'e2e/**/*.ts', 'scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
]);
