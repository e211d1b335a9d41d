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
 * The layering of src/, checked on every import (resolved through the '@/' alias):
 * a feature never imports another feature; api/, components/, lib/ and testing/
 * never import a feature. Only app/ (the router) puts features together.
 */
export const boundaryZones = [
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Una feature no importa otra feature: compartir por api/, components/ o lib/.',
  })),
  ...['api', 'components', 'lib', 'testing'].map((layer) => ({
    target: `./src/${layer}`,
    from: './src/features',
    message: `${layer}/ no importa features: lo compartido vive en api/, components/ o lib/.`,
  })),
];

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
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: boundaryZones }],
      // '@/x' instead of '../../x': one spelling per module.
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./', message: "Importar con el alias '@/' en lugar de '../'." }] }],
    },
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
