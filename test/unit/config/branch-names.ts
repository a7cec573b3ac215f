/** Branch names git accepts, and names `git check-ref-format --branch` refuses. */
export const VALID_BRANCHES = ['main', 'docsync/platform-edits/docs', 'feature/a.b', 'x-y_z', 'a{b}', 'café'];
export const INVALID_BRANCHES = ['../x', 'refs/heads/..', 'my edits', 'x.lock', 'a/.hidden', '@{-1}', 'a..b', 'a/', '/a', 'a//b', 'a.', 'a~1', 'a^', 'a:b', 'a?', 'a*', 'a[b', 'a\\b', 'tab\there', 'nl\nx', 'del\u007f'];
