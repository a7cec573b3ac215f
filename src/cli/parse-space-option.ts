import { InvalidArgumentError } from 'commander';

/** What a URL path segment holds as is: a space id docsync.yaml can name. */
const SPACE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * One `--space <id[:title]>` of `docsync emulator`, added to those before it: `space-docs` or
 * `space-docs:Product docs` (the title defaults to the id).
 */
export function parseSpaceOption(value: string, earlier: { id: string; title: string }[] = []): { id: string; title: string }[] {
  const colon = value.indexOf(':');
  const id = (colon === -1 ? value : value.slice(0, colon)).trim();
  const title = colon === -1 ? id : value.slice(colon + 1).trim();
  if (!SPACE_ID.test(id))
    throw new InvalidArgumentError(`"${id}" is not a space id: use letters, digits, - and _ (e.g. space-docs or space-docs:Product docs)`);
  if (title === '') throw new InvalidArgumentError(`the title after "${id}:" is empty: leave out the colon to use the id as the title`);
  return [...earlier, { id, title }];
}
