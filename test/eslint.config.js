// ESLint (flat config) for src/ and test/: ESLint's and typescript-eslint's recommended rules.
// Kept under test/ so the package's top level stays as DESIGN.md fixes it: `npm run lint` passes
// it with -c, and file patterns are then relative to the folder the command runs in (the root).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'bench/', 'samples/', 'templates/', 'locales/', '**/*.mjs', '**/*.cjs', 'test/**/*.js'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['src/**/*.ts', 'test/**/*.ts'],
    rules: {
      // `_name` marks a binding kept on purpose: a field left out of a rest destructuring, an unused callback parameter.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Off in tests only (src has none): tests read the JSON a server or the CLI printed, whose shape is what
      // they check; declaring a type for each answer first would restate the schemas under test.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
