/** Something a parser skipped or doubted, at a 1-based line of the file it read. */
export interface LineNote {
  readonly line: number;
  readonly message: string;
}
