/**
 * A code frame: the lines of a file around a problem, with a marker under its
 * column, as the terminal and `site dev`'s overlay show it. A pure function of the
 * source text, so that any reporter can use it.
 */
export interface CodeFrameOptions {
  /** Lines shown before and after the problem's line. */
  context?: number;
  /** Longest part of a line shown; a long line is cut around the column. */
  width?: number;
}

/** One line of a frame: its number (undefined for the marker line), its text and whether it holds the problem. */
export interface CodeFrameLine {
  number?: number;
  text: string;
  marked: boolean;
}

/**
 * The lines around `line` (1-based) of `source`, and a `^` under `column`
 * (1-based) on a line of its own. Empty when the line does not exist.
 */
export function codeFrameLines(
  source: string,
  line: number,
  column = 1,
  options: CodeFrameOptions = {},
): CodeFrameLine[] {
  const { context = 1, width = 100 } = options;
  // Any of the three line ends counts: the frame shows what an editor would.
  const lines = source.split(/\r\n|\r|\n/);
  if (!Number.isInteger(line) || line < 1 || line > lines.length) return [];
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const column0 = Math.max(0, Math.min(column - 1, lines[line - 1].length));
  // A long line (a list of 700 characters) is cut to a window around the column.
  const start =
    lines[line - 1].length > width
      ? Math.max(0, Math.min(column0 - Math.floor(width / 2), lines[line - 1].length - width))
      : 0;
  const cut = (text: string) => {
    const expanded = text.replace(/\t/g, ' ');
    if (expanded.length <= width) return expanded;
    const piece = expanded.slice(start, start + width);
    return `${start > 0 ? '…' : ''}${piece}${start + width < expanded.length ? '…' : ''}`;
  };
  const result: CodeFrameLine[] = [];
  for (let number = first; number <= last; number++) {
    result.push({ number, text: cut(lines[number - 1]), marked: number === line });
    if (number === line)
      result.push({ text: `${' '.repeat(column0 - start + (start > 0 ? 1 : 0))}^`, marked: true });
  }
  return result;
}

/** The frame as plain text lines: `  12 | text`, the problem's line marked with `>`. */
export function codeFrame(
  source: string,
  line: number,
  column = 1,
  options: CodeFrameOptions = {},
): string[] {
  const frame = codeFrameLines(source, line, column, options);
  const gutter = String(Math.max(0, ...frame.map((entry) => entry.number ?? 0))).length;
  return frame.map(({ number, text, marked }) =>
    number === undefined
      ? `  ${' '.repeat(gutter)} | ${text}`
      : `${marked ? '>' : ' '} ${String(number).padStart(gutter)} | ${text}`.trimEnd(),
  );
}
