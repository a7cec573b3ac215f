/** One record of a CSV file: its cells and the 1-based line it starts on. */
export interface CsvRecord {
  readonly line: number;
  readonly cells: readonly string[];
}

/** A CSV syntax error, with the line it is on. */
export class CsvSyntaxError extends Error {
  override readonly name = 'CsvSyntaxError';

  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/**
 * Parses RFC 4180 CSV: commas, double-quoted cells (`""` is a quote, quoted cells may span lines),
 * LF or CRLF line endings, a UTF-8 byte order mark. Blank lines are skipped. Cells are returned as
 * written (not trimmed). Throws {@link CsvSyntaxError} for a quote left open or text after a
 * closing quote.
 */
export function parseCsv(text: string): CsvRecord[] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let afterQuote = false;
  let quoteLine = 1;

  const endCell = (): void => {
    cells.push(cell);
    cell = '';
    afterQuote = false;
  };
  const endRecord = (): void => {
    endCell();
    if (!(cells.length === 1 && cells[0] === '')) records.push({ line: recordLine, cells });
    cells = [];
  };

  for (let i = 0; i < input.length; i++) {
    const char = input.charAt(i);
    if (quoted) {
      if (char === '"') {
        if (input.charAt(i + 1) === '"') {
          cell += '"';
          i += 1;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
      continue;
    }
    if (char === ',') {
      endCell();
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input.charAt(i + 1) === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else if (afterQuote) {
      throw new CsvSyntaxError('text after a closing quote; quote the whole cell and write quotes inside it as ""', line);
    } else if (char === '"' && cell === '') {
      quoted = true;
      quoteLine = line;
    } else {
      cell += char;
    }
  }
  if (quoted) throw new CsvSyntaxError('a quoted cell is never closed', quoteLine);
  if (cell !== '' || cells.length > 0 || afterQuote) endRecord();
  return records;
}
