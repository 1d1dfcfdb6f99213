/**
 * What the error overlay shows, as plain data: each problem's file, line, column,
 * field, message and hint, with the lines of the file around it; a template that
 * throws shows its stack. The browser script only lays this out.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { codeFrameLines } from '../errors/codeFrame.ts';
import { isSiteError, type SiteError } from '../errors/siteError.ts';

/** A line of the file, or (no number) the marker line with a `^` under the problem's column. */
export interface FrameLine {
  number?: number;
  text: string;
}

export interface OverlayProblem {
  code?: string;
  file?: string;
  line?: number;
  column?: number;
  /** The content field, e.g. `plans[1].roaming.europe.data`, when the message names one. */
  field?: string;
  message: string;
  hint?: string;
  /** The lines around `line` and the marker under `column`: the terminal's code frame (`generator/errors/codeFrame.ts`). */
  frame?: FrameLine[];
  /** A bug (a template that throws): its stack, causes included. */
  stack?: string;
}

/** `plans[1].name: Expected string` names the field `plans[1].name`. */
function splitField(message: string): { field?: string; message: string } {
  const match = /^([A-Za-z_$][\w$-]*(?:\.[\w$-]+|\[\d+\])*): (.+)$/s.exec(message);
  return match && /[.[]/.test(match[1]) ? { field: match[1], message: match[2] } : { message };
}

async function siteProblem(error: SiteError, cwd: string, parent?: SiteError): Promise<OverlayProblem> {
  const { field, message } = splitField(error.message);
  const problem: OverlayProblem = {
    code: error.code,
    message,
    field,
    hint: error.hintFor('dev') ?? parent?.hintFor('dev'),
    ...error.location,
  };
  if (error.location?.line) {
    try {
      const source = await readFile(path.resolve(cwd, error.location.file), 'utf8');
      problem.frame = codeFrameLines(source, error.location.line, error.location.column, { context: 2 }).map(
        ({ number, text }) => ({ number, text }),
      );
    } catch {
      // The file is gone (deleted in the editor): the location says enough.
    }
  }
  return problem;
}

/** The whole chain of a bug, each cause under the error it caused. */
function fullStack(error: unknown): string {
  const parts: string[] = [];
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    parts.push(
      current instanceof Error ? (current.stack ?? `${current.name}: ${current.message}`) : String(current),
    );
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join('\nCaused by: ');
}

/** The overlay's problems for an error a rebuild threw; `cwd` is where the error's file paths are relative to. */
export async function overlayProblems(error: unknown, cwd = process.cwd()): Promise<OverlayProblem[]> {
  if (isSiteError(error)) {
    const problems = error.problems.length > 0 ? error.problems : [error];
    return Promise.all(problems.map((problem) => siteProblem(problem, cwd, error)));
  }
  const message = error instanceof Error ? error.message : String(error);
  return [{ message, stack: fullStack(error) }];
}
