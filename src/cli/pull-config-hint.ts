import path from 'node:path';
import { configReadScope, DEFAULT_CONFIG_FILE, type LoadedConfig } from '../config/load-config.js';
import { ReadScope } from '../config/read-scope.js';

/**
 * How to make the next sync of a pulled folder a no-op when no configured target syncs it: the
 * `spaces` entry to add, with `directory` relative to the docsync.yaml that can read it. That is the
 * loaded configuration when the folder is inside its repository (or allowPaths); otherwise one at
 * the root of the repository holding the folder (or its parent folder, outside any repository),
 * since a configuration may not read outside its own repository.
 */
export function pullConfigHint(loaded: LoadedConfig | undefined, spaceId: string, directory: string, name: string, cwd: string = process.cwd()): string[] {
  const current = loaded ?? { file: path.join(cwd, DEFAULT_CONFIG_FILE), baseDir: cwd };
  const scope = loaded ? configReadScope(loaded) : ReadScope.of(cwd);
  const located = scope.locate(directory);
  const intro = `No target in ${current.file} syncs space ${spaceId} from this folder, so nothing was recorded.`;
  let file = current.file;
  let relative: string;
  if (located.inside) {
    relative = path.relative(scope.locate(current.baseDir).real, located.real);
  } else {
    // Not the pulled folder itself: a docsync.yaml there would be synced as part of the docs.
    const root = ReadScope.of(located.real).roots[0];
    const home = root === undefined || root === located.real ? path.dirname(located.real) : root;
    file = path.join(home, DEFAULT_CONFIG_FILE);
    relative = path.relative(home, located.real);
  }
  const posix = relative.split(path.sep).join('/') || '.';
  return [
    file === current.file
      ? `${intro} To keep them in step, add to ${file}:`
      : `${intro} This folder is outside ${scope.describe()}, which ${current.file} cannot read; pull into a folder inside it, or keep them in step with ${file}:`,
    '  spaces:',
    `    - name: ${name}`,
    `      directory: ${posix.startsWith('.') ? posix : `./${posix}`}`,
    `      spaceId: ${spaceId}`,
    'then run this pull again with --force (else the first sync imports this same content once).',
  ];
}
