/** The commit a sync is made from, for change-request subjects. */
export interface CommitInfo {
  /** Full commit sha. */
  readonly oid: string;
  /** First line of the commit message. */
  readonly subject: string;
  readonly author: { readonly name: string; readonly email: string };
}

/**
 * What `git show -s --format=%s%an%ae` gives for a commit object's text: the author's name and
 * email, and the subject (the message's first paragraph, its lines joined by spaces). Undefined
 * when the commit names another encoding than UTF-8, or the text is not a commit.
 */
export function commitInfoOf(oid: string, text: string): CommitInfo | undefined {
  const end = text.indexOf('\n\n');
  const header = (end === -1 ? text : text.slice(0, end)).split('\n');
  if (header.some((line) => line.startsWith('encoding ') && !/^encoding utf-?8$/i.test(line))) return undefined;
  const author = /^author (.*) <([^>]*)> \d+ [+-]\d{4}$/.exec(header.find((line) => line.startsWith('author ')) ?? '');
  if (author === null) return undefined;
  const lines = end === -1 ? [] : text.slice(end + 2).split('\n');
  let first = 0;
  while (first < lines.length && (lines[first] ?? '').trim() === '') first++;
  const title: string[] = [];
  for (const line of lines.slice(first)) {
    if (line.trimEnd() === '') break;
    title.push(line.trimEnd());
  }
  const subject = title.join(' ');
  return { oid, subject, author: { name: author[1] ?? '', email: author[2] ?? '' } };
}
