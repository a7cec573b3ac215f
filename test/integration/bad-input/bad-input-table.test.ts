import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lstat, mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ApiClient } from '../../../src/api/api-client.js';
import { ConfigError } from '../../../src/config/config-error.js';
import { configReadScope, loadConfig } from '../../../src/config/load-config.js';
import { FixtureError } from '../../../src/emulator/fixtures/fixture-error.js';
import { startEmulator } from '../../../src/emulator/start-emulator.js';
import { GitRefSource } from '../../../src/content/git/git-ref-source.js';
import { WorktreeSource } from '../../../src/content/git/worktree-source.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { SecretRedactor } from '../../../src/logging/redact-secrets.js';
import { loadPlan } from '../../../src/migrate/load-plan.js';
import { specExitCode } from '../../../src/runtime/run-specs-once.js';
import { loadManifest } from '../../../src/site/load-manifest.js';
import { loadSpec } from '../../../src/specs/load-spec.js';
import { connectRedis } from '../../../src/redis/redis-connection.js';
import { FileStateStore } from '../../../src/state/file-state-store.js';
import { freePort } from '../../support/free-port.js';
import { git, makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

/**
 * Bad input as a new user writes it, each case through the same loader the CLI uses and the CLI's
 * own exit-code mapping. Each runs in a fresh repository; the table records the exit code, the
 * first line the CLI would print, and whether any file of the repository changed. Set
 * DOCSYNC_BAD_INPUT_TABLE=<file> to write the table as markdown.
 */

interface Case {
  readonly input: string;
  readonly files?: Record<string, string>;
  readonly env?: Record<string, string>;
  /** Symlinks to make (link path in the repository → target relative to the case's folder). */
  readonly links?: Record<string, string>;
  /** What runs: loads the config by default. */
  readonly run?: (dir: string, env: Record<string, string>) => Promise<unknown>;
  readonly exit: number;
  /** A fragment the first line must contain. */
  readonly says: string;
}

const SPACE = 'spaces:\n  - name: docs\n    directory: ./docs\n    spaceId: sp1\n';
const SPEC = (extra: string): string => `specs:\n  - organizationId: o1\n    slug: api\n    file: ${extra}\n`;
const OAS = "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n";
const PLAN = (text: string, name = 'plan.yaml') => ({ files: { [name]: text }, run: (dir: string) => loadPlan(join(dir, 'repo', name)) });
const specCase = (spec: string, files: Record<string, string> = {}) => ({
  files: { 'docsync.yaml': SPEC('./api/openapi.yaml'), 'api/openapi.yaml': spec, ...files },
  run: async (dir: string, env: Record<string, string>) => {
    const loaded = await loadConfig(join(dir, 'repo', 'docsync.yaml'), env);
    return loadSpec(join(dir, 'repo', 'api/openapi.yaml'), configReadScope(loaded));
  },
});
const apiCase = (status: number, contentType: string, body: string, token = 'gb_api_valid_token_1', headers: Record<string, string> = {}) => ({
  run: async () => {
    const url = await serve(status, contentType, body, headers);
    const client = new ApiClient({ endpoint: url, token, retry: { maxAttempts: 1 } });
    try {
      return await client.request({ method: 'POST', path: '/spaces/s1/content/import', schema: z.unknown() });
    } finally {
      await client.close();
    }
  },
});

/** `levels` nested YAML aliases under `key`, each standing for ten of the one before: 10^levels nodes in a few hundred bytes. */
const aliasBomb = (key: string, levels: number, indent = ''): string => {
  const lines = [`${indent}${key}:`, `${indent}  l0: &l0 [x, x, x, x, x, x, x, x, x, x]`];
  for (let i = 1; i <= levels; i++) lines.push(`${indent}  l${i}: &l${i} [${Array.from({ length: 10 }, () => `*l${i - 1}`).join(', ')}]`);
  return `${lines.join('\n')}\n`;
};

const CASES: Case[] = [
  // docsync.yaml: reading and shape
  { input: 'no docsync.yaml', run: (dir) => loadConfig(join(dir, 'repo', 'missing.yaml'), {}), exit: 2, says: 'cannot read the configuration (ENOENT)' },
  { input: 'empty docsync.yaml', files: { 'docsync.yaml': '' }, exit: 2, says: 'the configuration is empty' },
  { input: 'docsync.yaml with only comments', files: { 'docsync.yaml': '# todo\n' }, exit: 2, says: 'the configuration is empty' },
  { input: 'docsync.yaml `{}`', files: { 'docsync.yaml': '{}\n' }, exit: 2, says: 'the configuration is empty' },
  { input: 'docsync.yaml is a list', files: { 'docsync.yaml': '- a\n' }, exit: 2, says: 'must be a mapping' },
  { input: 'docsync.yaml is a scalar', files: { 'docsync.yaml': 'hello\n' }, exit: 2, says: 'must be a mapping' },
  { input: 'unclosed flow sequence', files: { 'docsync.yaml': 'spaces: [\n' }, exit: 2, says: 'not valid YAML' },
  { input: 'tab indentation', files: { 'docsync.yaml': 'api:\n\ttoken: x\n' }, exit: 2, says: 'not valid YAML' },
  { input: 'duplicate key', files: { 'docsync.yaml': `${SPACE}spaces: []\n` }, exit: 2, says: 'not valid YAML' },
  {
    input: 'YAML alias bomb in docsync.yaml',
    files: { 'docsync.yaml': `${SPACE}${aliasBomb('bomb', 10)}` },
    exit: 2,
    says: 'docsync.yaml:7: its YAML aliases expand past 100 nodes',
  },
  // unknown keys
  { input: 'typo `spacs:`', files: { 'docsync.yaml': 'spacs: []\n' }, exit: 2, says: 'did you mean `spaces`?' },
  { input: 'typo `sourc: HEAD`', files: { 'docsync.yaml': `${SPACE}    sourc: HEAD\n` }, exit: 2, says: 'did you mean `source`?' },
  { input: 'typo `daemon.concurency`', files: { 'docsync.yaml': `${SPACE}daemon:\n  concurency: 4\n` }, exit: 2, says: 'did you mean `concurrency`?' },
  { input: 'typo `api.tokn`', files: { 'docsync.yaml': `${SPACE}api:\n  tokn: x\n` }, exit: 2, says: 'did you mean `token`?' },
  {
    input: 'typo `changeRequest.autoMerg`',
    files: { 'docsync.yaml': `${SPACE}    changeRequest:\n      autoMerg: true\n` },
    exit: 2,
    says: 'did you mean `autoMerge`?',
  },
  { input: 'unknown top-level key', files: { 'docsync.yaml': `${SPACE}frobnicate: 1\n` }, exit: 2, says: 'unknown setting; remove it' },
  { input: 'unknown key in site', files: { 'docsync.yaml': 'site:\n  manifest: docs.yaml\n  prun: true\n' }, exit: 2, says: 'did you mean `prune`?' },
  {
    input: 'three problems in one file',
    files: { 'docsync.yaml': `api:\n  timeout: soon\n${SPACE}    mode: sideways\n    sourc: HEAD\n` },
    exit: 2,
    says: 'api.timeout',
  },
  // values
  { input: 'api.timeout: soon', files: { 'docsync.yaml': `${SPACE}api:\n  timeout: soon\n` }, exit: 2, says: 'use a duration like' },
  { input: 'artifacts.ttl: 10 minutes', files: { 'docsync.yaml': `${SPACE}artifacts:\n  ttl: 10 minutes\n` }, exit: 2, says: 'use a duration like' },
  { input: 'mode: sideways', files: { 'docsync.yaml': `${SPACE}    mode: sideways\n` }, exit: 2, says: 'spaces.0.mode' },
  {
    input: 'target name in capitals',
    files: { 'docsync.yaml': 'spaces:\n  - name: Docs\n    directory: d\n    spaceId: s\n' },
    exit: 2,
    says: 'use lowercase letters',
  },
  {
    input: 'two targets, one name',
    files: { 'docsync.yaml': `${SPACE}  - name: docs\n    directory: ./other\n    spaceId: sp2\n` },
    exit: 2,
    says: 'is used twice',
  },
  { input: 'space without spaceId', files: { 'docsync.yaml': 'spaces:\n  - name: docs\n    directory: d\n' }, exit: 2, says: 'spaces.0.spaceId' },
  { input: 'empty directory', files: { 'docsync.yaml': 'spaces:\n  - name: docs\n    directory: ""\n    spaceId: s\n' }, exit: 2, says: 'spaces.0.directory' },
  { input: 'spaces is a mapping', files: { 'docsync.yaml': 'spaces:\n  docs: ./docs\n' }, exit: 2, says: 'spaces' },
  { input: 'autoMerge: "yes"', files: { 'docsync.yaml': `${SPACE}    changeRequest:\n      autoMerge: "yes"\n` }, exit: 2, says: 'autoMerge' },
  { input: 'reviewers: a string', files: { 'docsync.yaml': `${SPACE}    changeRequest:\n      reviewers: bob\n` }, exit: 2, says: 'reviewers' },
  { input: 'site.prune: maybe', files: { 'docsync.yaml': 'site:\n  manifest: docs.yaml\n  prune: maybe\n' }, exit: 2, says: 'site.prune' },
  {
    input: 'spec with file and url',
    files: { 'docsync.yaml': 'specs:\n  - organizationId: o\n    slug: a\n    file: a.yaml\n    url: https://x/a.yaml\n' },
    exit: 2,
    says: 'exactly one of `file` or `url`',
  },
  {
    input: 'spec with neither file nor url',
    files: { 'docsync.yaml': 'specs:\n  - organizationId: o\n    slug: a\n' },
    exit: 2,
    says: 'exactly one of `file` or `url`',
  },
  {
    input: 'spec slug `Pet Store`',
    files: { 'docsync.yaml': 'specs:\n  - organizationId: o\n    slug: Pet Store\n    url: https://x/a.yaml\n' },
    exit: 2,
    says: 'specs.0.slug',
  },
  {
    input: 'spec url ftp://',
    files: { 'docsync.yaml': 'specs:\n  - organizationId: o\n    slug: a\n    url: ftp://x/a.yaml\n' },
    exit: 2,
    says: 'use an http(s) URL',
  },
  { input: 'redis.url http://', files: { 'docsync.yaml': `${SPACE}redis:\n  url: http://localhost:6379\n` }, exit: 2, says: 'redis:// or rediss://' },
  { input: 'redis.prefix with a space', files: { 'docsync.yaml': `${SPACE}redis:\n  prefix: my queue\n` }, exit: 2, says: 'redis.prefix' },
  { input: 'http.listen: localhost', files: { 'docsync.yaml': `${SPACE}http:\n  listen: localhost\n` }, exit: 2, says: 'use `host:port`' },
  { input: 'http.listen port 99999', files: { 'docsync.yaml': `${SPACE}http:\n  listen: 0.0.0.0:99999\n` }, exit: 2, says: 'between 0 and 65535' },
  { input: 'artifacts.listen: 8080', files: { 'docsync.yaml': `${SPACE}artifacts:\n  listen: "8080"\n` }, exit: 2, says: 'artifacts.listen' },
  { input: 'artifacts.secret too short', files: { 'docsync.yaml': `${SPACE}artifacts:\n  secret: abc\n` }, exit: 2, says: 'artifacts.secret' },
  { input: 'api.endpoint: not-a-url', files: { 'docsync.yaml': `${SPACE}api:\n  endpoint: not-a-url\n` }, exit: 2, says: 'api.endpoint' },
  { input: 'api.endpoint: ftp://x', files: { 'docsync.yaml': `${SPACE}api:\n  endpoint: ftp://x\n` }, exit: 2, says: 'use an http(s) URL' },
  {
    input: 'DOCSYNC_ENDPOINT=not-a-url',
    files: { 'docsync.yaml': SPACE },
    env: { DOCSYNC_ENDPOINT: 'not-a-url' },
    exit: 2,
    says: 'DOCSYNC_ENDPOINT: use an http(s) URL',
  },
  {
    input: 'REDIS_URL=localhost:6379',
    files: { 'docsync.yaml': SPACE },
    env: { REDIS_URL: 'localhost:6379' },
    exit: 2,
    says: 'REDIS_URL: use a redis:// or rediss:// URL (set in the environment, it overrides redis.url)',
  },
  {
    input: 'DOCSYNC_ARTIFACTS_LISTEN=everywhere',
    files: { 'docsync.yaml': SPACE },
    env: { DOCSYNC_ARTIFACTS_LISTEN: 'everywhere' },
    exit: 2,
    says: 'DOCSYNC_ARTIFACTS_LISTEN: ',
  },
  {
    input: 'DOCSYNC_ARTIFACTS_PUBLIC_URL=not a url',
    files: { 'docsync.yaml': SPACE },
    env: { DOCSYNC_ARTIFACTS_PUBLIC_URL: 'not a url' },
    exit: 2,
    says: 'DOCSYNC_ARTIFACTS_PUBLIC_URL: ',
  },
  {
    input: 'redis.url port 99999',
    files: { 'docsync.yaml': `${SPACE}redis:\n  url: redis://127.0.0.1:99999\n` },
    exit: 2,
    says: 'docsync.yaml:6: redis.url: is not a valid URL: check the host and the port',
  },
  {
    input: 'REDIS_URL port 99999',
    files: { 'docsync.yaml': SPACE },
    env: { REDIS_URL: 'redis://127.0.0.1:99999' },
    exit: 2,
    says: 'REDIS_URL: is not a valid URL',
  },
  {
    input: 'emulator --fixtures nope.yaml',
    // As the emulator command maps it.
    run: async (dir) => {
      try {
        await (await startEmulator({ fixtures: join(dir, 'repo', 'nope.yaml'), port: 0 }, { logger: silentLogger })).close();
      } catch (error) {
        throw error instanceof FixtureError ? new ConfigError(error.problem, error.file, undefined, error.field) : error;
      }
    },
    exit: 2,
    says: 'nope.yaml: --fixtures: cannot read the fixture file (ENOENT)',
  },
  {
    input: 'redis.url nobody listens on (status, migrate --queue)',
    run: async () => connectRedis(`redis://127.0.0.1:${await freePort()}`, silentLogger),
    exit: 5,
    says: 'is unreachable (connect ECONNREFUSED',
  },
  { input: 'token: ${NOPE} unset', files: { 'docsync.yaml': `${SPACE}api:\n  token: \${NOPE}\n` }, exit: 3, says: 'environment variable NOPE is not set' },
  {
    input: 'token: ${UNCLOSED (no closing brace)',
    files: { 'docsync.yaml': `${SPACE}api:\n  token: \${UNCLOSED\n` },
    exit: 2,
    says: 'docsync.yaml:6: api.token: `${UNCLOSED` is not a whole variable reference',
  },
  {
    input: 'token: ${NOPE} unset and an unknown key',
    files: { 'docsync.yaml': `${SPACE}api:\n  token: \${NOPE}\n  tokn: x\n` },
    exit: 2,
    says: 'environment variable NOPE is not set',
  },
  {
    input: 'DOCSYNC_TOKEN set, ${GITBOOK_TOKEN} unset',
    files: { 'docsync.yaml': `api:\n  token: \${GITBOOK_TOKEN}\n  timeout: 1x\n${SPACE}` },
    env: { DOCSYNC_TOKEN: 'x' },
    exit: 2,
    says: 'api.timeout',
  },
  {
    input: 'dashboard password too short',
    files: { 'docsync.yaml': `${SPACE}http:\n  dashboard:\n    username: a\n    password: short\n` },
    exit: 2,
    says: 'at least 12 characters',
  },
  { input: 'daemon.lockDuration: 10ms', files: { 'docsync.yaml': `${SPACE}daemon:\n  lockDuration: 10ms\n` }, exit: 2, says: 'use at least 1s' },
  { input: 'daemon.concurrency: 0', files: { 'docsync.yaml': `${SPACE}daemon:\n  concurrency: 0\n` }, exit: 2, says: 'daemon.concurrency' },
  { input: 'daemon.concurrency: 100', files: { 'docsync.yaml': `${SPACE}daemon:\n  concurrency: 100\n` }, exit: 2, says: 'daemon.concurrency' },
  { input: 'state.backend: sqlite', files: { 'docsync.yaml': `${SPACE}state:\n  backend: sqlite\n` }, exit: 2, says: 'state.backend' },
  { input: 'allowPaths: a string', files: { 'docsync.yaml': `${SPACE}allowPaths: ../x\n` }, exit: 2, says: 'allowPaths' },
  // platformEditsBranch, refused at load
  {
    input: 'platformEditsBranch: ../x',
    files: { 'docsync.yaml': `${SPACE}    platformEditsBranch: '../x'\n` },
    exit: 2,
    says: 'spaces.0.platformEditsBranch: "../x" contains ".."',
  },
  {
    input: 'platformEditsBranch: refs/heads/..',
    files: { 'docsync.yaml': `${SPACE}    platformEditsBranch: refs/heads/..\n` },
    exit: 2,
    says: 'spaces.0.platformEditsBranch: "refs/heads/.." is a full ref',
  },
  {
    input: 'platformEditsBranch with a space',
    files: { 'docsync.yaml': `${SPACE}    platformEditsBranch: 'my edits'\n` },
    exit: 2,
    says: 'spaces.0.platformEditsBranch: "my edits" contains " "',
  },
  {
    input: 'platformEditsBranch: --receive-pack=…',
    files: { 'docsync.yaml': `${SPACE}    platformEditsBranch: '--receive-pack=touch /tmp/x'\n` },
    exit: 2,
    says: 'starts with "-", which git reads as an option',
  },
  { input: 'platformEditsBranch: x.lock', files: { 'docsync.yaml': `${SPACE}    platformEditsBranch: x.lock\n` }, exit: 2, says: 'ending with ".lock"' },
  { input: 'platformEditsBranch: @{-1}', files: { 'docsync.yaml': `${SPACE}    platformEditsBranch: '@{-1}'\n` }, exit: 2, says: 'contains "@{"' },
  {
    input: 'platformEditsBranch of 300 characters',
    files: { 'docsync.yaml': `${SPACE}    platformEditsBranch: ${'b'.repeat(300)}\n` },
    exit: 2,
    says: 'is longer than 255 bytes',
  },
  {
    input: 'platformEditsBranch: -f',
    files: { 'docsync.yaml': `${SPACE}    platformEditsBranch: '-f'\n` },
    exit: 2,
    says: 'spaces.0.platformEditsBranch: "-f" starts with "-"',
  },
  {
    input: 'platformEditsBranch: the synced branch (source: main)',
    files: { 'docsync.yaml': `${SPACE}    platformEditsBranch: main\n    source: main\n` },
    exit: 2,
    says: '"main" is the branch this target syncs',
  },
  // paths outside the repository
  {
    input: 'directory: ../elsewhere',
    files: { 'docsync.yaml': 'spaces:\n  - name: d\n    directory: ../elsewhere\n    spaceId: s\n' },
    exit: 2,
    says: 'outside the repository',
  },
  {
    input: 'directory: /etc',
    files: { 'docsync.yaml': 'spaces:\n  - name: d\n    directory: /etc\n    spaceId: s\n' },
    exit: 2,
    says: 'outside the repository',
  },
  { input: 'spec file: /etc/passwd', files: { 'docsync.yaml': SPEC('/etc/passwd') }, exit: 2, says: 'outside the repository' },
  { input: 'site.manifest: ../../site.yaml', files: { 'docsync.yaml': 'site:\n  manifest: ../../site.yaml\n' }, exit: 2, says: 'outside the repository' },
  {
    input: 'docs folder is a symlink out of the repository',
    files: { 'docsync.yaml': SPACE },
    links: { docs: 'outside' },
    exit: 2,
    says: 'outside the repository',
  },
  // OpenAPI specs
  {
    input: 'spec file missing',
    ...specCase(OAS),
    run: async (dir) => loadSpec(join(dir, 'repo', 'api/none.yaml')),
    exit: 2,
    says: 'cannot read the spec file (ENOENT)',
  },
  {
    input: 'spec file is a folder',
    ...specCase(OAS),
    run: async (dir) => {
      await mkdir(join(dir, 'repo', 'api/folder.yaml'));
      return loadSpec(join(dir, 'repo', 'api/folder.yaml'));
    },
    exit: 2,
    says: 'cannot read the spec file (not a regular file (a folder))',
  },
  {
    input: '$ref to a folder',
    ...specCase(`${OAS}    A:\n      $ref: './folder.yaml'\n`, { 'api/folder.yaml/x': '' }),
    exit: 2,
    says: 'folder.yaml cannot be read (not a regular file (a folder))',
  },
  { input: 'spec not valid YAML', ...specCase('openapi: 3.0.3\ninfo: [\n'), exit: 2, says: 'not valid YAML' },
  {
    input: 'spec not valid JSON',
    files: { 'docsync.yaml': SPEC('./api.json'), 'api.json': '{"openapi": "3.0.3",' },
    run: (dir) => loadSpec(join(dir, 'repo', 'api.json')),
    exit: 2,
    says: 'not valid',
  },
  { input: 'spec is not OpenAPI', ...specCase('title: hello\n'), exit: 2, says: 'not an OpenAPI document' },
  { input: 'spec without info', ...specCase('openapi: 3.0.3\npaths: {}\n'), exit: 2, says: 'info' },
  {
    input: 'parameter `in: body` in OAS 3',
    ...specCase(
      "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      parameters:\n        - {name: x, in: body}\n      responses: {'200': {description: ok}}\n",
    ),
    exit: 2,
    says: '(OpenAPI schema)',
  },
  { input: '$ref: ../../outside/x.yaml', ...specCase(`${OAS}    A:\n      $ref: '../../outside/x.yaml'\n`), exit: 2, says: 'is outside the repository' },
  { input: '$ref: /etc/passwd', ...specCase(`${OAS}    A:\n      $ref: '/etc/passwd'\n`), exit: 2, says: 'is outside the repository' },
  {
    input: '$ref: file:///etc/passwd',
    ...specCase(`${OAS}    A:\n      $ref: 'file:///etc/passwd'\n`),
    exit: 2,
    says: '$ref to /etc/passwd is outside the repository',
  },
  {
    input: '$ref to a symlink leading out',
    ...specCase(`${OAS}    A:\n      $ref: './link.yaml'\n`),
    links: { 'api/link.yaml': 'outside/x.yaml' },
    exit: 2,
    says: 'is outside the repository',
  },
  { input: '$ref to a missing file', ...specCase(`${OAS}    A:\n      $ref: './none.yaml'\n`), exit: 2, says: 'cannot be read (ENOENT)' },
  { input: '$ref to a missing pointer', ...specCase(`${OAS}    A:\n      $ref: '#/components/schemas/Nope'\n`), exit: 2, says: 'does not exist' },
  { input: '$ref to https://', ...specCase(`${OAS}    A:\n      $ref: 'https://example.com/x.yaml'\n`), exit: 2, says: 'is not local' },
  {
    input: 'external $ref cycle',
    ...specCase(`${OAS}    A:\n      $ref: './b.yaml'\n`, { 'api/b.yaml': "$ref: './c.yaml'\n", 'api/c.yaml': "$ref: './b.yaml'\n" }),
    exit: 2,
    says: '$ref cycle with no schema',
  },
  {
    input: 'internal $ref cycle',
    ...specCase(`${OAS}    A:\n      $ref: '#/components/schemas/B'\n    B:\n      $ref: '#/components/schemas/A'\n`),
    exit: 2,
    says: '$ref cycle with no schema',
  },
  {
    input: 'JSON spec nested 100,000 deep',
    files: { 'api.json': `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {}, "x-deep": ${'['.repeat(100_000)}${']'.repeat(100_000)}}` },
    run: (dir) => loadSpec(join(dir, 'repo', 'api.json')),
    exit: 2,
    says: 'api.json: nests too deeply to be read',
  },
  {
    input: '$ref chain of 5,000 pointers',
    ...specCase(
      `${OAS}${Array.from({ length: 5_000 }, (_, i) => `    S${i}:\n      $ref: '#/components/schemas/S${i + 1}'\n`).join('')}    S5000: {type: object}\n`,
    ),
    exit: 2,
    says: 'nests too deeply to be read',
  },
  {
    input: 'OpenAPI file that is a YAML alias bomb',
    ...specCase(`${OAS}    A: {type: object}\n${aliasBomb('x-bomb', 10)}`),
    exit: 2,
    says: 'api/openapi.yaml:9: its YAML aliases expand past 100 nodes',
  },
  // migration plans
  { input: 'plan file missing', run: (dir) => loadPlan(join(dir, 'repo', 'none.yaml')), exit: 2, says: 'cannot read the migration plan (ENOENT)' },
  { input: 'plan empty', ...PLAN(''), exit: 2, says: 'needs `items:`' },
  { input: 'plan items: []', ...PLAN('items: []\n'), exit: 2, says: 'non-empty list' },
  { input: 'plan unknown top key', ...PLAN('item: []\n'), exit: 2, says: 'plan.yaml:1: item: unknown plan field; did you mean `items`?' },
  { input: 'plan item without space', ...PLAN('items:\n  - source: ./a\n'), exit: 2, says: 'needs the id of the target space' },
  { input: 'plan item without source', ...PLAN('items:\n  - space: s\n'), exit: 2, says: 'is missing' },
  { input: 'plan source ../outside', ...PLAN('items:\n  - source: ../outside\n    space: s\n'), exit: 2, says: 'outside the repository' },
  {
    input: 'plan git subfolder ../x',
    ...PLAN('items:\n  - source: {git: https://x/r.git, subfolder: ../x}\n    space: s\n'),
    exit: 2,
    says: 'relative folder inside',
  },
  { input: 'plan zip source ftp://', ...PLAN('items:\n  - source: {zip: ftp://x/a.zip}\n    space: s\n'), exit: 2, says: 'must be an http(s) URL' },
  {
    input: 'plan source htp:// (scheme typo)',
    ...PLAN('items:\n  - source: htp://example.com/docs.zip\n    space: s\n'),
    exit: 2,
    says: 'plan.yaml:2: items.0.source: is a htp:// URL, which docsync does not read',
  },
  { input: 'plan mode: fast', ...PLAN('items:\n  - source: ./a\n    space: s\n    mode: fast\n'), exit: 2, says: 'change-request or direct' },
  { input: 'plan two items, one id', ...PLAN('items:\n  - source: ./a\n    space: s\n  - source: ./b\n    space: s\n'), exit: 2, says: 's' },
  { input: 'CSV plan without space column', ...PLAN('source\n./a\n', 'plan.csv'), exit: 2, says: 'no "space" column' },
  { input: 'CSV plan unknown column', ...PLAN('source,space,colour\n./a,s,red\n', 'plan.csv'), exit: 2, says: 'unknown column "colour"' },
  { input: 'CSV plan row with extra cells', ...PLAN('source,space\n./a,s,extra\n', 'plan.csv'), exit: 2, says: 'has 3 cells' },
  {
    input: 'plan that is a YAML alias bomb',
    ...PLAN(`items:\n  - {source: ./a, space: s}\n${aliasBomb('bomb', 10)}`),
    exit: 2,
    says: 'plan.yaml:5: its YAML aliases expand past 100 nodes',
  },
  // state file
  {
    input: 'corrupt .docsync/state.json',
    files: { '.docsync/state.json': '{"version": 1, "targets": {' },
    run: (dir) => new FileStateStore(join(dir, 'repo', '.docsync/state.json')).get('x'),
    exit: 2,
    says: 'the state file is not valid JSON',
  },
  {
    input: 'state.json of another shape',
    files: { '.docsync/state.json': '{"targets": []}' },
    run: (dir) => new FileStateStore(join(dir, 'repo', '.docsync/state.json')).get('x'),
    exit: 2,
    says: 'not in the expected shape',
  },
  // site manifest
  {
    input: 'site manifest not valid YAML',
    files: { 'docs.yaml': 'site: [\n' },
    run: (dir) => loadManifest(join(dir, 'repo', 'docs.yaml')),
    exit: 2,
    says: 'not valid YAML',
  },
  {
    input: 'site manifest that is a YAML alias bomb',
    files: { 'docs.yaml': `site:\n  title: Docs\n${aliasBomb('bomb', 10, '  ')}` },
    run: (dir) => loadManifest(join(dir, 'repo', 'docs.yaml')),
    exit: 2,
    says: 'docs.yaml:5: its YAML aliases expand past 100 nodes',
  },
  {
    input: 'site manifest with `titel:`',
    files: { 'docs.yaml': 'site:\n  titel: Docs\n  organization: o\n' },
    run: (dir) => loadManifest(join(dir, 'repo', 'docs.yaml')),
    exit: 2,
    says: 'docs.yaml:2: site.titel: unknown field; did you mean `title`?',
  },
  {
    input: 'site manifest is a folder',
    files: { 'docs.yaml/x': '' },
    run: (dir) => loadManifest(join(dir, 'repo', 'docs.yaml')),
    exit: 2,
    says: 'cannot read the site manifest (not a regular file (a folder))',
  },
  { input: 'site manifest missing', run: (dir) => loadManifest(join(dir, 'repo', 'docs.yaml')), exit: 2, says: 'cannot read the site manifest' },
  // content
  { input: 'docs folder missing (worktree)', run: (dir) => new WorktreeSource(join(dir, 'repo', 'docs')).list(), exit: 2, says: 'does not exist' },
  {
    input: 'source: HEAD, docs folder never committed',
    files: { 'docs/README.md': '# Hi\n', 'other.md': 'x\n' },
    run: async (dir) => {
      const repo = join(dir, 'repo');
      git(repo, 'add', 'other.md');
      git(repo, 'commit', '-qm', 'first');
      return GitRefSource.open(join(repo, 'docs'), 'HEAD');
    },
    exit: 2,
    says: 'docs/ is not in HEAD',
  },
  { input: 'source: HEAD outside any git repository', run: (dir) => GitRefSource.open(join(dir, 'outside'), 'HEAD'), exit: 2, says: 'git' },
  // the API's answers
  { input: 'endpoint answers an HTML 404', ...apiCase(404, 'text/html', '<html><h1>Not Found</h1></html>'), exit: 2, says: 'check that the endpoint' },
  {
    input: 'API 404 with its error body',
    ...apiCase(404, 'application/json', JSON.stringify({ error: { code: 404, message: 'Space not found' } })),
    exit: 6,
    says: 'check the ids',
  },
  {
    input: 'token `wrong` rejected (401)',
    ...apiCase(401, 'application/json', JSON.stringify({ error: { code: 401, message: 'the API token is missing or wrong' } }), 'wrong'),
    exit: 3,
    says: 'missing or wrong',
  },
  {
    input: 'token lacks permission (403)',
    ...apiCase(403, 'application/json', JSON.stringify({ error: { code: 403, message: 'forbidden' } })),
    exit: 4,
    says: '403',
  },
  {
    input: 'API echoes the signed bundle URL (400)',
    ...apiCase(
      400,
      'application/json',
      JSON.stringify({ error: { code: 400, message: 'cannot fetch http://127.0.0.1:9/b/x.zip?expires=1&signature=abc123' } }),
    ),
    exit: 6,
    says: '?[redacted]',
  },
  {
    input: 'endpoint answers a 301 redirect',
    ...apiCase(301, 'text/html', '<a>moved</a>', undefined, { location: 'https://elsewhere.example/v1/spaces' }),
    exit: 2,
    says: 'got a 301: the endpoint redirects to https://elsewhere.example/v1/spaces',
  },
  {
    input: 'endpoint answers a 302 redirect',
    ...apiCase(302, 'text/html', '<a>moved</a>', undefined, { location: 'https://elsewhere.example/v1/spaces' }),
    exit: 2,
    says: 'got a 302: the endpoint redirects to https://elsewhere.example/v1/spaces',
  },
  {
    input: 'endpoint answers a 307 redirect',
    ...apiCase(307, 'text/html', '<a>moved</a>', undefined, { location: 'https://elsewhere.example/v1/spaces' }),
    exit: 2,
    says: 'got a 307: the endpoint redirects to https://elsewhere.example/v1/spaces',
  },
  {
    input: 'endpoint answers a 308 redirect',
    ...apiCase(308, 'text/html', '<a>moved</a>', undefined, { location: 'https://elsewhere.example/v1/spaces' }),
    exit: 2,
    says: 'got a 308: the endpoint redirects to https://elsewhere.example/v1/spaces',
  },
  { input: 'API 500 (no retries)', ...apiCase(500, 'application/json', JSON.stringify({ error: { code: 500, message: 'boom' } })), exit: 5, says: '500' },
  {
    input: 'DOCSYNC_ENDPOINT=not-a-url, no config',
    run: () => Promise.resolve().then(() => new ApiClient({ endpoint: 'not-a-url' })),
    exit: 2,
    says: 'is not a URL',
  },
  {
    input: 'token with a newline',
    run: () => Promise.resolve().then(() => new ApiClient({ token: 'abc\ndef' })),
    exit: 2,
    says: 'whitespace or control characters',
  },
];

const servers: Server[] = [];
async function serve(status: number, contentType: string, body: string, headers: Record<string, string> = {}): Promise<string> {
  const server = createServer((_req, res) => res.writeHead(status, { 'content-type': contentType, ...headers }).end(body));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Every file under `dir` with its size and mtime, to tell whether a case changed anything. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.name === '.git') continue;
      if (entry.isDirectory()) await walk(path);
      else {
        const info = await lstat(path);
        seen.set(relative(dir, path), `${info.size}:${info.mtimeMs}`);
      }
    }
  };
  await walk(dir);
  return seen;
}

interface Row {
  readonly input: string;
  readonly exit: number;
  readonly firstLine: string;
  readonly kept: string;
}

const rows: Row[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await removeTempDirs();
  const target = process.env.DOCSYNC_BAD_INPUT_TABLE;
  if (target === undefined || target === '') return;
  const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/`/g, "'");
  const lines = ['| # | input | exit | first line | kept or lost |', '|---|---|---|---|---|'];
  rows.forEach((row, index) => lines.push(`| ${index + 1} | ${cell(row.input)} | ${row.exit} | ${cell(row.firstLine)} | ${row.kept} |`));
  await writeFile(target, `${lines.join('\n')}\n`);
});

beforeAll(() => {
  expect(CASES.length).toBeGreaterThanOrEqual(80);
});

describe('bad input', () => {
  it.each(CASES.map((c) => [c.input, c] as const))('%s', async (_input, testCase) => {
    const dir = await makeTempDir('docsync-bad-');
    await mkdir(join(dir, 'repo', '.git'), { recursive: true });
    if (testCase.files?.['docs/README.md'] !== undefined) git(join(dir, 'repo'), 'init', '-q');
    await writeTree(join(dir, 'repo'), testCase.files ?? {});
    await writeTree(join(dir, 'outside'), { 'x.yaml': 'type: object\nproperties:\n  MARKER: {type: string}\n' });
    for (const [link, target] of Object.entries(testCase.links ?? {})) await symlink(join(dir, target), join(dir, 'repo', link));
    const before = await snapshot(dir);
    const env = testCase.env ?? {};
    const outcome = await (testCase.run ?? ((d: string) => loadConfig(join(d, 'repo', 'docsync.yaml'), env)))(dir, env).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(outcome, 'the case must fail').toBeInstanceOf(Error);
    const message = (outcome as Error).message.split(dir).join('<tmp>');
    // The CLI's mapping: spec validation errors (2) first, then the general one.
    const exit = specExitCode(outcome);
    const firstLine = `docsync: ${new SecretRedactor().text(message.split('\n')[0] ?? '')}`;
    const after = await snapshot(dir);
    const changed = [...after].filter(([path, stamp]) => before.get(path) !== stamp).map(([path]) => path);
    const kept = changed.length === 0 ? `all ${before.size} files unchanged` : `changed: ${changed.join(', ')}`;
    rows.push({ input: testCase.input, exit, firstLine, kept });
    expect(firstLine).toContain(testCase.says);
    expect(exit).toBe(testCase.exit);
    expect(changed).toEqual([]);
  });
});
