/** A validation function as Ajv's standalone code declares it: its errors hang on the function. */
export interface AjvFunction {
  (data: unknown, context?: unknown): boolean;
  errors?: unknown;
}

/**
 * Which objects passed each schema function during one validation, for the precompiled draft-04
 * validators (`npm run spec:validators`). A dereferenced document shares one object wherever a `$ref`
 * pointed to it, and Ajv checks it again at every use: on GitBook's document two thirds of the work.
 * A draft-04 function's verdict depends on the object alone (no evaluated-property tracking, no
 * defaults or coercion), and a pass adds no errors, so the verdict and every error stay Ajv's; a
 * failure is never remembered, so each place it is used still reports its own errors.
 */
export class PassMemo {
  #passes = new Map<AjvFunction, WeakSet<object>>();

  /** `check`, answering `true` at once for an object that passed it earlier in this validation. */
  wrap(check: AjvFunction): AjvFunction {
    const memoized: AjvFunction = (data, context) => {
      if (typeof data !== 'object' || data === null) return check(data, context);
      let passed = this.#passes.get(check);
      if (passed === undefined) this.#passes.set(check, (passed = new WeakSet()));
      if (passed.has(data)) {
        memoized.errors = null;
        return true;
      }
      const valid = check(data, context);
      if (valid) passed.add(data);
      return valid;
    };
    return memoized;
  }

  /** One validation by `root`: nothing is remembered from before it, nor kept after it. */
  run(root: AjvFunction, data: unknown, context: unknown): boolean {
    this.#passes = new Map();
    try {
      return root(data, context);
    } finally {
      this.#passes = new Map();
    }
  }
}
