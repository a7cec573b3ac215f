/**
 * A list result: iterate it with `for await` to fetch pages lazily, or call `all()` to collect every
 * item. Each iteration starts over from the first page.
 */
export interface Paged<T> extends AsyncIterable<T> {
  all(): Promise<T[]>;
}

/** Wraps a generator factory as a {@link Paged}. */
export function paged<T>(iterate: () => AsyncGenerator<T, void, undefined>): Paged<T> {
  return {
    [Symbol.asyncIterator]: () => iterate(),
    all: async () => {
      const items: T[] = [];
      for await (const item of iterate()) items.push(item);
      return items;
    },
  };
}
