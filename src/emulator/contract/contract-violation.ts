/** One way a body breaks the official schema: where (a JSON pointer) and what. */
export interface ContractViolation {
  /** JSON pointer into the body, `''` for the root. */
  readonly path: string;
  readonly message: string;
}

/** `"/items/0/type: must be equal to one of the allowed values"`, up to `max` of them. */
export function describeViolations(violations: readonly ContractViolation[], max = 5): string {
  const listed = violations.slice(0, max).map((v) => `${v.path === '' ? '(body)' : v.path}: ${v.message}`);
  if (violations.length > max) listed.push(`… and ${violations.length - max} more`);
  return listed.join('; ');
}
