/** Longest branch name accepted: most file systems hold at most 255 bytes per name, and git stores refs as files. */
const MAX_BYTES = 255;

/**
 * What makes `name` unusable as a branch name, by the rules of `git check-ref-format --branch`
 * (checked here, without spawning git, so a bad setting costs nothing and is refused at load);
 * undefined when it is a valid one. A name git would read as an option (`-f`) or as a whole ref
 * (`refs/heads/x`) is refused too: it would be pushed as something else.
 */
export function branchNameProblem(name: string): string | undefined {
  if (name === '') return 'is empty';
  if (name.startsWith('-')) return 'starts with "-", which git reads as an option';
  if (name.startsWith('refs/')) return 'is a full ref; give the branch name alone, without "refs/heads/"';
  if (name === '@') return 'is "@", which git reads as HEAD';
  if (Buffer.byteLength(name) > MAX_BYTES) return `is longer than ${MAX_BYTES} bytes`;
  // Control characters, space and git's revision syntax (~ ^ : ? * [ \).
  // eslint-disable-next-line no-control-regex -- control characters are what it finds
  const bad = /[\u0000-\u0020\u007f~^:?*[\\]/.exec(name);
  if (bad !== null) return `contains ${JSON.stringify(bad[0])}, which a branch name cannot hold`;
  if (name.includes('..')) return 'contains "..", which a branch name cannot hold';
  if (name.includes('@{')) return 'contains "@{", which git reads as a reflog reference';
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//')) return 'has an empty path component ("/" at an end, or "//")';
  if (name.endsWith('.')) return 'ends with "."';
  for (const part of name.split('/')) {
    if (part.startsWith('.')) return `has a component starting with "." (${JSON.stringify(part)})`;
    if (part.endsWith('.lock')) return `has a component ending with ".lock" (${JSON.stringify(part)})`;
  }
  return undefined;
}
