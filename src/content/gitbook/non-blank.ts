/** `value` trimmed of white space and zero-width characters, or undefined when nothing is left. */
export function nonBlank(value: string | undefined): string | undefined {
  const trimmed = value?.replace(/[\u200B-\u200D\uFEFF]/g, '').trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}
