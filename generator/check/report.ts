/**
 * The check's report in words an editor reads, in a terminal or a CI log: one line
 * per problem (severity, gate, page, reason), then a table of the gates with their
 * totals and time, then the verdict. `--json` prints the CheckReport instead.
 */
import { plural, type CheckReport, type GateResult, type Severity } from './types.ts';

const labels: Record<Severity, string> = { error: 'FAIL', warning: 'WARN', info: 'NOTE' };

const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`;

/** The problem lines of one gate, errors first. */
export function formatGateProblems(result: GateResult): string[] {
  const order: Severity[] = ['error', 'warning', 'info'];
  return [...result.problems]
    .sort((a, b) => order.indexOf(a.severity) - order.indexOf(b.severity))
    .map(
      (problem) =>
        `${labels[problem.severity]}  ${result.gate.padEnd(7)} ${problem.page ? `${problem.page}  ` : ''}${problem.message}`,
    );
}

const count = (result: GateResult, severity: Severity) =>
  result.problems.filter((problem) => problem.severity === severity).length;

export function formatGateLine(result: GateResult): string {
  const status = result.skipped
    ? `skipped: ${result.skipped}`
    : `${plural(count(result, 'error'), 'error')}, ${plural(count(result, 'warning'), 'warning')}`;
  return `  ${result.gate.padEnd(8)} ${result.status.padEnd(7)} ${seconds(result.milliseconds).padStart(7)}  ${result.summary}; ${status}`;
}

export function formatSummary(report: CheckReport): string[] {
  const failed = report.gates.filter((gate) => gate.status === 'failed').map((gate) => gate.gate);
  const skipped = report.gates.filter((gate) => gate.status === 'skipped').map((gate) => gate.gate);
  const verdict =
    failed.length > 0
      ? `Not fit to publish: ${failed.join(', ')} failed${report.strict ? ' (--strict: warnings and skipped gates fail)' : ''}.`
      : `Fit to publish${skipped.length > 0 ? `, but ${skipped.join(', ')} did not run (run with --strict to fail on that)` : ''}.`;
  return [
    '',
    `Checked ${report.dir} in ${seconds(report.milliseconds)}:`,
    ...report.gates.map(formatGateLine),
    '',
    verdict,
  ];
}

export function formatReport(report: CheckReport): string {
  return [...report.gates.flatMap(formatGateProblems), ...formatSummary(report)].join('\n');
}
