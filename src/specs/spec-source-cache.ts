import type SwaggerParser from '@apidevtools/swagger-parser';
import { readRegularFile, reasonOf } from '../config/read-regular-file.js';
import { fileURLToPath } from 'node:url';
import { LineCounter, parseDocument, type Document } from 'yaml';
import type { ReadScope } from '../config/read-scope.js';
import { yamlData } from '../config/yaml-data.js';
import { SpecValidationError } from './errors/spec-validation-error.js';
import { specText } from './spec-fingerprint.js';

export type SpecFormat = 'json' | 'yaml';

interface Source {
  readonly text: string;
  readonly format: SpecFormat;
  /** Built on first need: placing an error. */
  parsed?: { document: Document; lines: LineCounter };
}

type ResolverPlugin = Exclude<NonNullable<NonNullable<SwaggerParser.Options['resolve']>['file']>, boolean>;

/** swagger-parser hands plugins URL-encoded paths (`my%20api.yaml`) or `file://` URLs. */
export function pathOfUrl(url: string): string {
  return url.startsWith('file:') ? fileURLToPath(url) : decodeURIComponent(url);
}

/** An anchor and an alias as YAML writes them (`&name`, `*name` after `:`, `-`, `[`, `{` or `,`): only then can a file expand. */
const MAY_ALIAS = /[:\-[{,]\s*&[^\s,[\]{}]+[\s\S]*[:\-[{,]\s*\*[^\s,[\]{}]+/;

function looksLikeJson(path: string, text: string): boolean {
  return path.toLowerCase().endsWith('.json') || /^\s*[{[]/.test(text);
}

/**
 * Every local file of one spec, read once. swagger-parser reads through {@link parserOptions} and
 * parses with its own fast parsers (js-yaml, JSON.parse); the `yaml` package, which keeps line
 * positions but is several times slower on large files, runs only to place an error
 * ({@link parsed}).
 */
export class SpecSourceCache {
  readonly #sources = new Map<string, Source>();
  readonly #readErrors = new Map<string, string>();
  readonly #outside = new Map<string, string>();
  readonly #refused = new Map<string, SpecValidationError>();

  /** @param scope folders a `$ref` may reach (after symlinks); anything else is refused unread. */
  constructor(readonly scope: ReadScope) {}

  /** Absolute paths of the files read so far, in the order they were read (the root first). */
  get files(): string[] {
    return [...this.#sources.keys()];
  }

  format(file: string): SpecFormat | undefined {
    return this.#sources.get(file)?.format;
  }

  /** Why a file could not be read (`ENOENT`, …): swagger-parser drops the code when it rewraps. */
  readError(file: string): string | undefined {
    return this.#readErrors.get(file);
  }

  /** Why a file that was read is refused (YAML aliases that expand too far), if it is. */
  refused(file: string): SpecValidationError | undefined {
    return this.#refused.get(file);
  }

  /** The real path of a file refused for lying outside {@link scope}, if it was. */
  outside(file: string): string | undefined {
    return this.#outside.get(file);
  }

  text(file: string): string | undefined {
    return this.#sources.get(file)?.text;
  }

  /** The file as a `yaml` Document with line positions (JSON is YAML), or undefined if never read. */
  parsed(file: string): { document: Document; lines: LineCounter } | undefined {
    const source = this.#sources.get(file);
    if (!source) return undefined;
    if (!source.parsed) {
      const lines = new LineCounter();
      source.parsed = { document: parseDocument(source.text, { lineCounter: lines }), lines };
    }
    return source.parsed;
  }

  /**
   * swagger-parser options that read local files through this cache and never fetch remote
   * `$ref`s, so validation stays offline and deterministic.
   */
  parserOptions(): SwaggerParser.Options {
    return { resolve: { http: false, file: false, spec: this.#resolver() } };
  }

  #resolver(): ResolverPlugin {
    return {
      name: 'docsync-spec-file',
      order: 1,
      canRead: (file: SwaggerParser.FileInfo) => !/^[a-z][a-z0-9+.-]+:\/\//i.test(file.url) || file.url.startsWith('file:'),
      read: async (file: SwaggerParser.FileInfo): Promise<string> => {
        const path = pathOfUrl(file.url);
        // A second pass (bundling) sees exactly the text that was validated, even if the file changed.
        const cached = this.#sources.get(path);
        if (cached) return cached.text;
        const located = this.scope.locate(path);
        if (!located.inside) {
          this.#outside.set(path, located.real);
          throw new Error(`${path} is outside ${this.scope.describe()}`);
        }
        let raw: string;
        try {
          raw = await readRegularFile(path);
        } catch (error) {
          this.#readErrors.set(path, reasonOf(error));
          throw error;
        }
        const text = specText(raw);
        const format = looksLikeJson(path, text) ? 'json' : 'yaml';
        this.#sources.set(path, { text, format });
        if (format === 'yaml' && MAY_ALIAS.test(text)) this.#refuseAliasBomb(path);
        return text;
      },
    };
  }

  /**
   * swagger-parser's YAML parser shares an aliased node wherever it is used, and every walk after it
   * (dereferencing, the schema check) visits each use: nested aliases of a few hundred bytes would
   * cost hours. Refused like every other YAML file docsync reads.
   */
  #refuseAliasBomb(path: string): void {
    const parsed = this.parsed(path);
    if (parsed === undefined) return;
    const read = yamlData(parsed.document, parsed.lines);
    if (!('aliasLimit' in read)) return;
    const refusal = new SpecValidationError(read.aliasLimit.message, path, read.aliasLimit.line);
    this.#refused.set(path, refusal);
    throw refusal;
  }
}
