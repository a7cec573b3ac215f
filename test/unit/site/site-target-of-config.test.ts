import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config/config-error.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { siteTargetOfConfig } from '../../../src/site/site-target-of-config.js';
import { makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

const CONFIG = 'site:\n  organization: org-1\n';

describe('the site manifest found beside docsync.yaml', () => {
  it('is refused like site.manifest when it is a link out of the repository', async () => {
    const outside = await makeTempDir('docsync-outside-');
    await writeTree(outside, { 'gitbook-docs.yaml': 'site:\n  title: Not from this repository\n' });
    const dir = await makeTempDir('docsync-site-link-');
    // A `.git` entry marks the repository's root, as `git init` leaves it.
    await writeTree(dir, { 'docsync.yaml': CONFIG, '.git/HEAD': 'ref: refs/heads/main\n' });
    await symlink(join(outside, 'gitbook-docs.yaml'), join(dir, 'gitbook-docs.yaml'));
    const loaded = await loadConfig(join(dir, 'docsync.yaml'), {});
    const error = (() => {
      try {
        return siteTargetOfConfig(loaded);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(`${join(dir, 'gitbook-docs.yaml')} resolves to`);
    expect((error as ConfigError).message).toContain('outside the repository');
  });

  it('is taken when it is a file of the repository', async () => {
    const dir = await makeTempDir('docsync-site-file-');
    await writeTree(dir, { 'docsync.yaml': CONFIG, 'gitbook-docs.yaml': 'site:\n  title: Mine\n', '.git/HEAD': 'ref: refs/heads/main\n' });
    expect(siteTargetOfConfig(await loadConfig(join(dir, 'docsync.yaml'), {}))?.manifest).toBe(join(dir, 'gitbook-docs.yaml'));
  });
});
