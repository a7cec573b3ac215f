/** The line (from 1) of the first conflict marker (`<<<<<<< `) in a text; undefined when it holds none. */
export function firstMarkerLine(text: string): number | undefined {
  const index = text.split('\n').findIndex((line) => line.startsWith('<<<<<<< '));
  return index < 0 ? undefined : index + 1;
}
