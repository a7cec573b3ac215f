/**
 * A value kept as its JSON text, parsed on first use; or a value, stringified on first write. A value
 * loaded and written back unused is never parsed (a 10,000-page tree a one-page edit does not read).
 * The text is trusted: whoever loads it has checked it (a kept read checks its body's hash).
 */
export class JsonText<T> {
  #text: string | undefined;
  #value: T | undefined;
  #parsed: boolean;

  private constructor(text: string | undefined, value: T | undefined, parsed: boolean) {
    this.#text = text;
    this.#value = value;
    this.#parsed = parsed;
  }

  static of<T>(value: T): JsonText<T> {
    return new JsonText<T>(undefined, value, true);
  }

  static fromText<T>(text: string): JsonText<T> {
    return new JsonText<T>(text, undefined, false);
  }

  value(): T {
    if (!this.#parsed) {
      this.#value = JSON.parse(this.#text ?? 'null') as T;
      this.#parsed = true;
    }
    return this.#value as T;
  }

  text(): string {
    this.#text ??= JSON.stringify(this.#value);
    return this.#text;
  }
}
