import { dirname, resolve } from 'node:path';
import { isScalar, visit } from 'yaml';
import { SpecValidationError } from './errors/spec-validation-error.js';
import { locatePointer, type SpecLocation } from './locate-pointer.js';
import { pathOfUrl, type SpecSourceCache } from './spec-source-cache.js';

/** The part of an Ajv error swagger-parser attaches as `details` that we read. */
interface SchemaIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params?: { missingProperty?: string; allowedValues?: unknown[]; additionalProperty?: string };
}

interface ErrorFields {
  name?: unknown;
  message?: unknown;
  source?: unknown;
  targetRef?: unknown;
  ioErrorCode?: unknown;
  details?: unknown;
}

/**
 * Turns whatever swagger-parser threw into one {@link SpecValidationError} naming the file and
 * line (or JSON pointer) and what to do. Unknown errors keep their message and land on the root.
 */
export function toSpecValidationError(error: unknown, cache: SpecSourceCache, root: string): SpecValidationError {
  if (error instanceof SpecValidationError) return error;
  // A $ref chain thousands of pointers long, or nesting thousands of levels deep, exhausts the stack of every walk over it.
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    const last = cache.files.at(-1);
    return new SpecValidationError(
      `nests too deeply to be read (a $ref chain or nesting thousands of levels deep${last !== undefined && last !== root ? `, read as far as ${last}` : ''}): point each $ref straight at its schema and flatten the nesting`,
      root,
      undefined,
      undefined,
      { cause: error },
    );
  }
  const fields: ErrorFields = typeof error === 'object' && error !== null ? error : {};
  const message = typeof fields.message === 'string' ? fields.message.split(root).join('the spec') : String(error);
  const source = typeof fields.source === 'string' ? pathOfUrl(fields.source) : undefined;
  const refused = source === undefined ? undefined : cache.refused(source);
  if (refused !== undefined) return refused;

  if (fields.name === 'ParserError' && source !== undefined) {
    // js-yaml (swagger-parser's parser) says "reason (line:column)"; the slower `yaml` package
    // re-reads the file for a line only when that is missing.
    const reason = (message.split('\n')[0] ?? '').replace(/^Error parsing [^:]*: /, '');
    const at = /\s*\((\d+):(\d+)\)$/.exec(reason);
    const line = at ? Number(at[1]) : cache.parsed(source)?.document.errors[0]?.linePos?.[0].line;
    const detail = at ? `${reason.slice(0, at.index)} (line ${at[1]}, column ${at[2]})` : reason;
    return new SpecValidationError(`not valid ${cache.format(source) === 'json' ? 'JSON' : 'YAML'}: ${detail}`, source, line, undefined, { cause: error });
  }
  const outside = source === undefined ? undefined : cache.outside(source);
  if (source !== undefined && outside !== undefined) {
    const site = source === root ? undefined : findRefSite(cache, (file) => file === source);
    const what = site === undefined ? 'the spec file' : `$ref to ${source}`;
    const real = outside === source ? '' : ` (really ${outside})`;
    return new SpecValidationError(
      `${what}${real} is outside ${cache.scope.describe()}: docsync reads no file there; move it into the repository or add its folder to \`allowPaths\` in docsync.yaml`,
      site?.file ?? root,
      site?.line,
      undefined,
      { cause: error },
    );
  }
  if (fields.name === 'ResolverError' && source !== undefined) {
    const reason = cache.readError(source) ?? (typeof fields.ioErrorCode === 'string' ? fields.ioErrorCode : message);
    if (source === root) return new SpecValidationError(`cannot read the spec file (${reason})`, root, undefined, undefined, { cause: error });
    const site = findRefSite(cache, (file) => file === source) ?? { file: root, line: undefined };
    return new SpecValidationError(`$ref to ${source} cannot be read (${reason}); fix the path`, site.file, site.line, undefined, { cause: error });
  }
  if (fields.name === 'MissingPointerError' && source !== undefined && typeof fields.targetRef === 'string') {
    const fragment = fields.targetRef;
    const site = findRefSite(cache, (file, hash) => file === source && hash === fragment) ?? { file: root, line: undefined };
    return new SpecValidationError(`$ref target ${fragment} does not exist in ${source}`, site.file, site.line, undefined, { cause: error });
  }
  const remote = /^Unable to resolve \$ref pointer "(.+)"$/.exec(message)?.[1];
  if (remote !== undefined) {
    const site = findRefSite(cache, (_file, _hash, raw) => raw === remote) ?? { file: root, line: undefined };
    return new SpecValidationError(
      `$ref "${remote}" is not local: docsync bundles local files only; copy it into the repository, or publish the spec by \`url\``,
      site.file,
      site.line,
      undefined,
      { cause: error },
    );
  }
  const issue = bestIssue(fields.details);
  if (issue) {
    const pointer = issue.instancePath === '' ? '/' : issue.instancePath;
    const at = locatePointer(cache, root, pointer);
    return new SpecValidationError(`${describeIssue(issue)} (OpenAPI schema)`, at.file, at.line, pointer, { cause: error });
  }
  const detail = / is not a valid (Openapi API definition|JSON Schema)$/.test(message)
    ? 'not an OpenAPI document: it needs `openapi: 3.x` (or `swagger: "2.0"`), `info` and `paths`'
    : message;
  return new SpecValidationError(detail, root, undefined, undefined, { cause: error });
}

/**
 * Ajv reports every branch of `oneOf: [Reference, Schema]`; the first error that is not one of
 * those branch summaries (`must match exactly one schema`, `must have required property '$ref'`)
 * is the one a person can act on.
 */
function bestIssue(details: unknown): SchemaIssue | undefined {
  if (!Array.isArray(details)) return undefined;
  const issues = details.filter((d): d is SchemaIssue => typeof d === 'object' && d !== null && typeof (d as SchemaIssue).instancePath === 'string');
  const noise = (i: SchemaIssue): boolean =>
    i.keyword === 'oneOf' || i.keyword === 'anyOf' || (i.keyword === 'required' && i.params?.missingProperty === '$ref');
  return issues.find((i) => !noise(i)) ?? issues[0];
}

function describeIssue(issue: SchemaIssue): string {
  const base = issue.message ?? `fails "${issue.keyword}"`;
  if (issue.keyword === 'enum' && Array.isArray(issue.params?.allowedValues)) {
    return `${base}: ${issue.params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  if (issue.keyword === 'additionalProperties' && issue.params?.additionalProperty !== undefined) {
    return `unknown property "${issue.params.additionalProperty}"`;
  }
  return base;
}

/**
 * The first `$ref` in any file read that matches: `(resolved file, "#fragment" or "", raw value)`.
 * Used to blame the line that points at a missing file or pointer rather than the missing target.
 */
function findRefSite(cache: SpecSourceCache, matches: (file: string, hash: string, raw: string) => boolean): SpecLocation | undefined {
  for (const file of cache.files) {
    const parsed = cache.parsed(file);
    if (!parsed) continue;
    let found: number | undefined;
    visit(parsed.document, {
      Pair(_key, pair) {
        if (!isScalar(pair.key) || pair.key.value !== '$ref' || !isScalar(pair.value)) return undefined;
        const raw = pair.value.value;
        if (typeof raw !== 'string') return undefined;
        const hashAt = raw.indexOf('#');
        const filePart = hashAt === -1 ? raw : raw.slice(0, hashAt);
        const hash = hashAt === -1 ? '' : raw.slice(hashAt);
        const target = filePart === '' ? file : filePart.startsWith('file:') ? pathOfUrl(filePart) : resolve(dirname(file), decodeURIComponent(filePart));
        if (!matches(target, hash, raw)) return undefined;
        found = pair.key.range ? parsed.lines.linePos(pair.key.range[0]).line : undefined;
        return visit.BREAK;
      },
    });
    if (found !== undefined) return { file, line: found };
  }
  return undefined;
}
