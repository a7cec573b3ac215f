import { lstatSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { ReadScope } from '../config/read-scope.js';

/**
 * The files among `names` in `dir` that are symbolic links leading out of the repository holding
 * `dir` (followed link by link, so a dangling link to a file that does not exist yet counts too):
 * writing one would write outside the repository.
 */
export function linksLeaving(dir: string, names: readonly string[]): string[] {
  const scope = ReadScope.of(dir);
  const leaving: string[] = [];
  for (const name of names) {
    let file = path.join(dir, name);
    // A chain of links is followed a bounded number of steps; a loop counts as leaving.
    for (let step = 0; ; step++) {
      let isLink: boolean;
      try {
        isLink = lstatSync(file).isSymbolicLink();
      } catch {
        isLink = false;
      }
      if (!isLink) {
        if (!scope.locate(file).inside) leaving.push(path.join(dir, name));
        break;
      }
      if (step === 40) {
        leaving.push(path.join(dir, name));
        break;
      }
      file = path.resolve(path.dirname(file), readlinkSync(file));
    }
  }
  return leaving;
}
