import type { LiveRecords } from './log-line.js';

/** The fields set anew or changed since `before`, and those unset; undefined when none. */
export function fieldsPatch(before: ReadonlyMap<string, FieldText> | undefined, after: ReadonlyMap<string, FieldText>): FieldsPatch | undefined {
  const set = [...after].filter(([name, text]) => !sameText(before?.get(name), text));
  const unset = [...(before?.keys() ?? [])].filter((name) => !after.has(name));
  return set.length === 0 && unset.length === 0 ? undefined : { set, unset };
}

/** Whether two texts of a field are the same, each as read (bytes) or written (text). */
function sameText(a: FieldText | undefined, b: FieldText): boolean {
  if (a === b) return true;
  if (a === undefined || (typeof a === 'string' && typeof b === 'string')) return false;
  return (typeof a === 'string' ? Buffer.from(a) : a).equals(typeof b === 'string' ? Buffer.from(b) : b);
}

/** A field's JSON text: its bytes as read (left where they lie in the file's), or its text as written. */
export type FieldText = string | Buffer;

export interface FieldsPatch {
  readonly set: readonly (readonly [string, FieldText])[];
  readonly unset: readonly string[];
}

/**
 * A key's fields line, its newline included: the byte length of each field's text (a reading cuts
 * the fields by them, not scanning them), what changed of its fields, and its live records after the
 * write, which a reading need not count. A field's bytes as read are copied, not decoded.
 */
export function fieldsLine(key: string, patch: FieldsPatch, live: LiveRecords): Buffer {
  const lengths = JSON.stringify(patch.set.map(([, text]) => Buffer.byteLength(text)));
  const pieces: Buffer[] = [Buffer.from(`{"key":${JSON.stringify(key)},"lengths":${lengths},"fields":{`)];
  patch.set.forEach(([name, text], index) => {
    pieces.push(Buffer.from(`${index === 0 ? '' : ','}${JSON.stringify(name)}:`), typeof text === 'string' ? Buffer.from(text) : text);
  });
  const unset = patch.unset.length > 0 ? `,"unset":${JSON.stringify(patch.unset)}` : '';
  pieces.push(Buffer.from(`}${unset},"live":{"records":${live.records},"bytes":${live.bytes}}}\n`));
  return Buffer.concat(pieces);
}
