// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { dirname, relative, resolve, sep } from 'node:path';
import { defineConfig } from 'eslint/config';

/**
 * zod's named export `z` is one object holding all of zod (its message translations included), so a
 * bundle that imports it keeps all of it; the namespace import lets the CLI bundle leave out what
 * docsync never calls, which every command would otherwise load.
 */
const ZOD_NAMESPACE = {
  selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
  message: "Use zod's documented namespace import: import * as z from 'zod'.",
};

export default defineConfig(
  // src/**/generated/: Ajv's standalone code, kept as Ajv writes it (a test holds it current).
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'vendor/**', 'src/**/generated/**'] },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['eslint.config.js'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unnecessary-condition': ['error', { allowConstantLoopConditions: true }],
      'no-restricted-syntax': ['error', ZOD_NAMESPACE],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Tests assert on JSON bodies of many shapes; typing each one would add noise, not safety.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  // Layers only point down (see LAYERS below); static, type-only and dynamic imports alike. Cycles
  // are caught by `madge --circular` (npm run lint).
  {
    files: ['src/**/*.ts', 'workers/**/*.ts'],
    plugins: { docsync: { rules: { layers: layersRule() } } },
    rules: { 'docsync/layers': 'error' },
  },
  {
    files: ['src/emulator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/{sync,site,specs,migrate,queue,redis,daemon,runtime,watch,state,artifacts,cli}/**', '**/workers/**'],
              message: 'The emulator imports nothing from the daemon side.',
            },
          ],
        },
      ],
    },
  },
);

/**
 * The layers, from the top down: a module of src/ or workers/ imports from its own layer or the
 * layers below it, never from one above; of the layers above workers/, only cli/ imports it. The emulator stands aside: only the CLI starts it, and it
 * imports only the ground (its own rule above).
 */
const LAYERS = [
  ['cli'],
  ['daemon'],
  ['workers'],
  ['jobs'],
  ['queue'],
  ['runtime'],
  ['emulator'],
  ['sync', 'site', 'specs', 'migrate', 'watch'],
  ['api', 'content', 'artifacts', 'state', 'redis', 'http', 'config', 'failure', 'observability'],
  ['logging'],
];

/** @param {string} file absolute path @returns {{ folder: string, rank: number } | undefined} */
function layerOf(file) {
  const path = relative(import.meta.dirname, file).split(sep);
  const folder = path[0] === 'workers' ? 'workers' : path[0] === 'src' && path.length > 2 ? path[1] : undefined;
  const rank = LAYERS.findIndex((layer) => folder !== undefined && layer.includes(folder));
  return folder === undefined || rank < 0 ? undefined : { folder, rank };
}

/**
 * `docsync/layers`: reports an import whose target lies in a layer above the importing module's,
 * whether `import`, `export … from`, `import type`, `typeof import()` or `await import()`; and a
 * folder of src/ that is in no layer.
 * @returns {import('eslint').Rule.RuleModule}
 */
function layersRule() {
  return {
    meta: { type: 'problem', schema: [], docs: { description: 'Imports only point down the layers.' } },
    create(context) {
      const from = layerOf(context.filename);
      if (from === undefined) {
        const folder = relative(import.meta.dirname, context.filename).split(sep)[1];
        return { Program: (node) => context.report({ node, message: `src/${String(folder)}/ is in no layer: add it to LAYERS in eslint.config.js.` }) };
      }
      /** @param {import('estree').Node} node @param {unknown} specifier */
      const check = (node, specifier) => {
        if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
        const to = layerOf(resolve(dirname(context.filename), specifier));
        if (to !== undefined && to.rank < from.rank) {
          context.report({
            node,
            message: `Layers only point down: ${from.folder}/ may not import from ${to.folder}/, a layer above it (see LAYERS in eslint.config.js).`,
          });
        } else if (to?.folder === 'workers' && from.folder !== 'workers' && from.folder !== 'cli') {
          context.report({ node, message: `Only cli/ loads workers/: ${from.folder}/ is handed the processors (a ProcessorFactory of src/jobs/).` });
        }
      };
      /** @param {import('estree').ImportDeclaration | import('estree').ExportNamedDeclaration | import('estree').ExportAllDeclaration | import('estree').ImportExpression} node */
      const fromSource = (node) => {
        if (node.source?.type === 'Literal') check(node.source, node.source.value);
      };
      return {
        ImportDeclaration: fromSource,
        ExportNamedDeclaration: fromSource,
        ExportAllDeclaration: fromSource,
        ImportExpression: fromSource,
        /** @param {import('estree').Node & { argument?: { literal?: import('estree').Literal } }} node `typeof import('…')` */
        TSImportType: (node) => check(node, node.argument?.literal?.value),
      };
    },
  };
}
