/**
 * Escaping for GitHub Actions workflow commands (`::error file=…,title=…::message`), as the runner
 * decodes them: a message keeps its own lines, and a property cannot end early at a `,` or `:`.
 */
export const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** A property's value (`file=`, `title=`): {@link escapeData} and its separators. */
export const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
