import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { FileStateStore } from '../../../src/state/file-state-store.js';
import { MemoryStateStore } from '../../../src/state/memory-state-store.js';
import { checkAgainstModel } from '../../support/state-store-model.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docsync-state-props-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('state stores against a Map (properties)', () => {
  it('FileStateStore: any run of sets and deletes reads back the same, in this process and from the file', async () => {
    await checkAgainstModel((run) => {
      const file = join(dir, `state-${run}.json`);
      return { store: new FileStateStore(file), reopen: () => new FileStateStore(file) };
    }, 80);
  });

  it('MemoryStateStore: the same, in this process', async () => {
    await checkAgainstModel(() => {
      const store = new MemoryStateStore();
      return { store, reopen: () => store };
    }, 40);
  });
});
