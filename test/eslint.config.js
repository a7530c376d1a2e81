// ESLint (flat config) for src/ and test/: ESLint's and typescript-eslint's recommended rules.
// Kept under test/ so the package's top level stays as DESIGN.md fixes it: `npm run lint` passes
// it with -c, and file patterns are then relative to the folder the command runs in (the root).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'bench/', 'samples/', 'templates/', 'locales/', '**/*.mjs', '**/*.cjs', 'test/**/*.js'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['src/**/*.ts', 'test/**/*.ts'],
    // Typed linting (the rules below need the types). One program for both folders:
    // test/tsconfig.json extends the build's options and includes src/, so src/ is checked as tsc
    // builds it; one program took 48 s of CPU here against 67 s for the two projectService opens.
    languageOptions: { parserOptions: { project: ['test/tsconfig.json'], tsconfigRootDir: ROOT } },
    rules: {
      // A promise nobody awaits loses its error (an unhandled rejection ends the process) and its order.
      '@typescript-eslint/no-floating-promises': 'error',
      // A method passed on without its object loses `this` when called.
      '@typescript-eslint/unbound-method': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      // An async function where a void callback is expected: its rejection goes nowhere.
      '@typescript-eslint/no-misused-promises': 'error',
      // `_name` marks a binding kept on purpose: a field left out of a rest destructuring, an unused callback parameter.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // One clock (src/core/clock.ts): "now" is read there and nowhere else, so a test can set today
    // (useClock, SVC_NOW) and nothing depends on the day it runs by accident. Durations: performance.now().
    files: ['src/**/*.ts'],
    ignores: ['src/core/clock.ts'],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: "read the time with now() from src/core/clock.ts (durations: performance.now())" },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: "read the time with now() from src/core/clock.ts" },
      ],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Off in tests only (src has none): tests read the JSON a server or the CLI printed, whose shape is what
      // they check; declaring a type for each answer first would restate the schemas under test.
      '@typescript-eslint/no-explicit-any': 'off',
      // pdfjs-dist's legacy build replaces JSON.stringify, JSON.parse, Array.prototype.push and
      // Function.prototype.toString for the whole worker; test/_pdfjs.ts loads it and puts them back.
      'no-restricted-imports': ['error', { patterns: [{ group: ['pdfjs-dist', 'pdfjs-dist/*'], message: 'import pdfjs-dist through test/_pdfjs.ts' }] }],
      'no-restricted-syntax': ['error', { selector: 'ImportExpression[source.value=/^pdfjs-dist/]', message: 'import pdfjs-dist through test/_pdfjs.ts' },
        // A test that needs today sets it (SVC_NOW for svc, useClock in process), never reads the day it runs on.
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'set today with SVC_NOW or useClock (src/core/clock.ts) instead of reading the wall clock' }],
    },
  },
  { files: ['test/_pdfjs.ts'], rules: { 'no-restricted-imports': 'off' } },
);
