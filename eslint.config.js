// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'eslint/config';

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'vendor/**'] },
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
  // Layers only point down: cli → daemon → queue → runtime → planners (sync, site, specs, migrate,
  // watch) → api, content, artifacts, state, config. The emulator stands aside and shares only the
  // API schemas and the GitBook-format reader. Cycles are caught by `madge --circular` (npm run lint).
  ...layerRules({
    '**/workers/**': { except: [], why: 'the entry point hands the processors to the daemon' },
    '**/cli/**': { except: ['cli'], why: 'the CLI is the top layer' },
    '**/daemon/**': { except: ['cli', 'daemon'], why: 'only the CLI starts the daemon' },
    '**/queue/**': { except: ['cli', 'daemon', 'queue', 'runtime', 'emulator'], why: 'planners and what they stand on know nothing of queues' },
    '**/runtime/**': { except: ['cli', 'daemon', 'queue', 'runtime'], why: 'runtime/ is the composition root: it wires the layers below, which never reach up to it' },
  }),
  {
    files: ['src/emulator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/{sync,site,specs,migrate,queue,daemon,runtime,watch,state,artifacts,cli}/**', '**/workers/**'], message: 'The emulator imports nothing from the daemon side.' }] },
      ],
    },
  },
);

/**
 * One `no-restricted-imports` block per folder of src/ (a later block would replace an earlier
 * one's patterns for the same file, so each folder gets all of its rules at once).
 * @param {Record<string, { except: string[], why: string }>} rules pattern → folders allowed to import it
 */
function layerRules(rules) {
  return readdirSync(join(import.meta.dirname, 'src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'emulator')
    .map(({ name }) => ({
      files: [`src/${name}/**/*.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: Object.entries(rules)
              .filter(([, rule]) => !rule.except.includes(name))
              .map(([pattern, rule]) => ({ group: [pattern], message: `Layers only point down: ${rule.why}.` })),
          },
        ],
      },
    }));
}
