/**
 * What a terminal shows after receiving `output`: the escape sequences progress bars and pretty
 * logs use (carriage return, cursor moves, erase line / screen, save / restore, autowrap on/off)
 * applied to a grid `columns` wide. Colours and other SGR codes are dropped. Returns the screen's
 * lines (the whole scrollback), right-trimmed, without trailing empty lines.
 */
export function terminalScreen(output: string, columns = 140): string[] {
  const rows: string[][] = [[]];
  let row = 0;
  let col = 0;
  let saved = { row: 0, col: 0 };
  let wrap = true;
  const line = (r: number): string[] => {
    while (rows.length <= r) rows.push([]);
    return rows[r] as string[];
  };
  const put = (ch: string): void => {
    if (col >= columns) {
      if (wrap) {
        row += 1;
        col = 0;
      } else col = columns - 1;
    }
    const cells = line(row);
    while (cells.length < col) cells.push(' ');
    cells[col] = ch;
    col += 1;
  };
  const csi = (params: string, final: string): void => {
    const numbers = params
      .replace(/^\?/, '')
      .split(';')
      .map((p) => (p === '' ? undefined : Number(p)));
    const n = numbers[0];
    const cells = line(row);
    switch (final) {
      case 'A':
        row = Math.max(0, row - (n ?? 1));
        break;
      case 'B':
        row += n ?? 1;
        break;
      case 'C':
        col = Math.min(columns - 1, col + (n ?? 1));
        break;
      case 'D':
        col = Math.max(0, col - (n ?? 1));
        break;
      case 'G':
        col = Math.max(0, (n ?? 1) - 1);
        break;
      case 'H':
        row = Math.max(0, (n ?? 1) - 1);
        col = Math.max(0, (numbers[1] ?? 1) - 1);
        break;
      case 'K':
        if ((n ?? 0) === 0) cells.splice(col);
        else if (n === 1) for (let i = 0; i <= col && i < cells.length; i++) cells[i] = ' ';
        else cells.splice(0);
        break;
      case 'J':
        if ((n ?? 0) === 0) {
          cells.splice(col);
          rows.splice(row + 1);
        }
        break;
      case 'h':
      case 'l':
        if (params === '?7') wrap = final === 'h';
        break;
      default:
        // SGR (m) and cursor visibility change nothing on the grid.
        break;
    }
  };
  for (let i = 0; i < output.length; i++) {
    const ch = output[i] as string;
    if (ch === '\u001b') {
      const next = output[i + 1];
      if (next === '[') {
        const match = /^\[([?0-9;]*)([@-~])/.exec(output.slice(i + 1));
        if (match) {
          csi(match[1] ?? '', match[2] ?? '');
          i += match[0].length;
        }
      } else if (next === '7') {
        saved = { row, col };
        i += 1;
      } else if (next === '8') {
        ({ row, col } = saved);
        i += 1;
      } else i += 1;
      continue;
    }
    if (ch === '\r') col = 0;
    else if (ch === '\n') {
      row += 1;
      col = 0;
      line(row);
    } else if (ch === '\b') col = Math.max(0, col - 1);
    else if (ch >= ' ') put(ch);
  }
  const text = rows.map((cells) => cells.join('').trimEnd());
  while (text.length > 0 && text.at(-1) === '') text.pop();
  return text;
}
