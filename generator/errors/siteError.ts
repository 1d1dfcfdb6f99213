/**
 * The one error type that reaches a user. A content mistake, a missing file or a
 * conflicting route becomes a SiteError with a stable code (see errorCodes.ts), a
 * plain message, a location when there is one, a hint, and the error it wraps.
 * Internal bugs stay ordinary exceptions.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { codeFrame } from './codeFrame.ts';
import { errorCodes, type ErrorCode, type ErrorCodeEntry, type SiteCommand } from './errorCodes.ts';

export type { ErrorCode, SiteCommand } from './errorCodes.ts';

export interface SourceLocation {
  /** The file, absolute or relative to the working directory; shown relative to it. */
  file: string;
  line?: number;
  column?: number;
}

export interface SiteErrorInit {
  code: ErrorCode;
  message: string;
  location?: SourceLocation;
  /** Overrides the catalogue's hint for the code. */
  hint?: string;
  /** Several problems found in one pass are reported together. */
  problems?: SiteError[];
  /** The error this one explains (a file system or bundler error), kept for whoever debugs it. */
  cause?: unknown;
}

/** A path as the user would type it: relative to the working directory (`.` for the folder itself). The one place paths are made relative for messages. */
export function displayPath(file: string): string {
  return path.relative(process.cwd(), path.resolve(file)) || '.';
}

/** A field as the messages name it: `plans[1].name`, `former.about.en[0]`. */
export function formatPath(segments: readonly (string | number)[]): string {
  return segments
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : index === 0 ? segment : `.${segment}`,
    )
    .join('');
}

export class SiteError extends Error {
  readonly code: ErrorCode;
  readonly location?: SourceLocation;
  readonly hint?: string;
  readonly problems: SiteError[];
  /** Whether the raising code gave the hint (the catalogue's may read differently per command). */
  private readonly ownHint: boolean;

  constructor(init: SiteErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'SiteError';
    this.code = init.code;
    this.location = init.location;
    this.hint = init.hint ?? (errorCodes[init.code] as ErrorCodeEntry).hint;
    this.ownHint = init.hint !== undefined;
    this.problems = init.problems ?? [];
  }

  /** The hint as `command` prints it: the raising code's own, else the catalogue's for that command, else its general one. */
  hintFor(command?: SiteCommand): string | undefined {
    if (this.ownHint || command === undefined) return this.hint;
    return (errorCodes[this.code] as ErrorCodeEntry).hintFor?.[command] ?? this.hint;
  }

  /** `content/plans.yaml:12:7  plans[1].name: Expected string, received number` */
  get located(): string {
    if (!this.location) return this.message;
    const { file, line, column } = this.location;
    const where = [displayPath(file), line, line !== undefined ? column : undefined]
      .filter((part) => part !== undefined)
      .join(':');
    return `${where}  ${this.message}`;
  }
}

export function isSiteError(value: unknown): value is SiteError {
  return value instanceof SiteError;
}

export interface FormatOptions {
  /** The text of a problem's file, for the code frame under it; none when it cannot be read. */
  readSource?: (file: string) => string | undefined;
  /** The command that prints it, whose words the hints use; none gives each code's general hint. */
  command?: SiteCommand;
}

/** A problem's file for its code frame, as every command reads it; a file that cannot be read as text (a folder, a loop) has none. */
export function readProblemSource(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Every line a user sees for an error, without a stack trace; with `readSource`, the lines of the file under each problem. */
export function formatSiteError(error: SiteError, options: FormatOptions = {}): string {
  const lines: string[] = [];
  const problems = error.problems.length > 0 ? error.problems : [error];
  if (error.problems.length > 0) lines.push(`${error.message}`);
  for (const problem of problems) {
    lines.push(`  ${problem.located}  [${problem.code}]`);
    const { file, line, column } = problem.location ?? {};
    const source = file !== undefined && line !== undefined ? options.readSource?.(file) : undefined;
    if (source !== undefined)
      lines.push(...codeFrame(source, line!, column ?? 1).map((frameLine) => `    ${frameLine}`));
    const hint = problem.hintFor(options.command);
    if (hint) lines.push(`    hint: ${hint}`);
  }
  // A hint every problem already gives is not repeated.
  const hint = error.hintFor(options.command);
  if (
    error.problems.length > 0 &&
    hint &&
    !error.problems.every((problem) => problem.hintFor(options.command) === hint)
  )
    lines.push(`hint: ${hint}`);
  return lines.join('\n');
}
