import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv } from '../../../src/migrate/parse-csv.js';

describe('parseCsv', () => {
  it('reads quoted cells, escaped quotes, CRLF, a BOM and blank lines, with the line of each record', () => {
    const text = '\uFEFFsource,space\r\n"./a, b",s1\r\n\r\n"say ""hi""",s2\n"multi\nline",s3\nlast,';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['source', 'space'] },
      { line: 2, cells: ['./a, b', 's1'] },
      { line: 4, cells: ['say "hi"', 's2'] },
      { line: 5, cells: ['multi\nline', 's3'] },
      { line: 7, cells: ['last', ''] },
    ]);
  });

  it('names the line of a quote left open or text after a closing quote', () => {
    expect(() => parseCsv('a,b\n"open,x\n')).toThrow(CsvSyntaxError);
    try {
      parseCsv('a,b\nc,"d"e\n');
    } catch (error) {
      expect(error).toMatchObject({ line: 2, message: expect.stringContaining('after a closing quote') });
    }
    try {
      parseCsv('a,b\nc,d\n"never closed\n');
    } catch (error) {
      expect(error).toMatchObject({ line: 3 });
    }
  });
});
