/**
 * A value kept as its JSON text, parsed on first use; or a value, stringified on first write. A value
 * loaded and written back unused is never parsed (a 10,000-page tree a one-page edit does not read).
 * The text is trusted: whoever loads it has checked it (a kept read checks its body's hash).
 */
export class JsonText<T extends object> {
  #text: string | undefined;
  #value: T | undefined;

  private constructor(text: string | undefined, value: T | undefined) {
    this.#text = text;
    this.#value = value;
  }

  static of<T extends object>(value: T): JsonText<T> {
    return new JsonText<T>(undefined, value);
  }

  static fromText<T extends object>(text: string): JsonText<T> {
    return new JsonText<T>(text, undefined);
  }

  value(): T {
    this.#value ??= JSON.parse(this.#text ?? 'null') as T;
    return this.#value;
  }

  text(): string {
    this.#text ??= JSON.stringify(this.#value);
    return this.#text;
  }
}
