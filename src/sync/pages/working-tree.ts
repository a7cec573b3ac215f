import { handleKey, type LivePage, type PageHandle } from './page-plan.js';

interface Node {
  parent: string;
  children: string[];
}

const ROOT = handleKey(null);

/**
 * The planner's model of the page tree as its changes so far leave it: parents and sibling order,
 * so each move or insert says the index it means at the moment it is applied.
 */
export class WorkingTree {
  readonly #nodes = new Map<string, Node>([[ROOT, { parent: '', children: [] }]]);

  constructor(live: readonly LivePage[]) {
    const add = (pages: readonly LivePage[], parent: string): void => {
      for (const page of pages) {
        const key = handleKey({ id: page.id });
        this.#nodes.set(key, { parent, children: [] });
        this.#node(parent).children.push(key);
        add(page.children, key);
      }
    };
    add(live, ROOT);
  }

  /** The page's parent (its key) and index among its siblings. */
  position(page: PageHandle): { parent: string; index: number } {
    const key = handleKey(page);
    const { parent } = this.#node(key);
    return { parent, index: this.#node(parent).children.indexOf(key) };
  }

  insert(page: PageHandle, parent: PageHandle | null, at: number): void {
    const key = handleKey(page);
    this.#nodes.set(key, { parent: handleKey(parent), children: [] });
    this.#node(handleKey(parent)).children.splice(at, 0, key);
  }

  move(page: PageHandle, parent: PageHandle | null, at: number): void {
    const key = handleKey(page);
    const node = this.#node(key);
    const siblings = this.#node(node.parent).children;
    siblings.splice(siblings.indexOf(key), 1);
    node.parent = handleKey(parent);
    this.#node(node.parent).children.splice(at, 0, key);
  }

  has(page: PageHandle): boolean {
    return this.#nodes.has(handleKey(page));
  }

  /** Deletes the page and everything under it. */
  remove(page: PageHandle): void {
    const key = handleKey(page);
    const node = this.#node(key);
    const siblings = this.#node(node.parent).children;
    siblings.splice(siblings.indexOf(key), 1);
    const drop = (dropped: string): void => {
      for (const child of this.#node(dropped).children) drop(child);
      this.#nodes.delete(dropped);
    };
    drop(key);
  }

  #node(key: string): Node {
    const node = this.#nodes.get(key);
    if (node === undefined) throw new Error(`Internal error: the page plan refers to ${key}, which it does not know.`);
    return node;
  }
}
