/**
 * The one error type that reaches a user. A content mistake, a missing file or a
 * conflicting route becomes a SiteError with a stable code, a plain message, a
 * location when there is one, and a hint. Internal bugs stay ordinary exceptions.
 */

export type ErrorCode =
  | 'CONTENT_MISSING_FILE'
  | 'CONTENT_YAML_SYNTAX'
  | 'CONTENT_SCHEMA'
  | 'CONTENT_UNKNOWN_KEY'
  | 'CONTENT_REFERENCE'
  | 'TRANSLATION_MISSING'
  | 'TEXT_PLACEHOLDER'
  | 'ROUTE_CONFLICT'
  | 'ASSET_FAILED'
  | 'OUTPUT_FAILED'
  | 'PREVIEW_FAILED'
  | 'CHECK_FAILED'
  | 'BUILD_FAILED';

export interface SourceLocation {
  /** Path as the user would type it, relative to the working directory. */
  file: string;
  line?: number;
  column?: number;
}

export interface SiteErrorInit {
  code: ErrorCode;
  message: string;
  location?: SourceLocation;
  hint?: string;
  /** Several problems found in one pass are reported together. */
  problems?: SiteError[];
}

export class SiteError extends Error {
  readonly code: ErrorCode;
  readonly location?: SourceLocation;
  readonly hint?: string;
  readonly problems: SiteError[];

  constructor(init: SiteErrorInit) {
    super(init.message);
    this.name = 'SiteError';
    this.code = init.code;
    this.location = init.location;
    this.hint = init.hint;
    this.problems = init.problems ?? [];
  }

  /** `content/plans.yaml:12:7  plans[1].name: Expected string, received number` */
  get located(): string {
    if (!this.location) return this.message;
    const { file, line, column } = this.location;
    const where = [file, line, line !== undefined ? column : undefined].filter((part) => part !== undefined).join(':');
    return `${where}  ${this.message}`;
  }
}

export function isSiteError(value: unknown): value is SiteError {
  return value instanceof SiteError;
}

/** Every line a user sees for an error, without a stack trace. */
export function formatSiteError(error: SiteError): string {
  const lines: string[] = [];
  const problems = error.problems.length > 0 ? error.problems : [error];
  if (error.problems.length > 0) lines.push(`${error.message}`);
  for (const problem of problems) {
    lines.push(`  ${problem.located}  [${problem.code}]`);
    if (problem.hint) lines.push(`    hint: ${problem.hint}`);
  }
  if (error.problems.length > 0 && error.hint) lines.push(`hint: ${error.hint}`);
  return lines.join('\n');
}
