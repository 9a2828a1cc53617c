// The failed tests of a vitest JSON report, one line each, for the end of a run's output: CI keeps
// only the tail of a long log, and a count of failures without their names says nothing to fix.

/** What starts a failed test's line in scripts/test-api.mjs's output; scripts/test.mjs picks the lines out by it. */
export const FAILED_MARK = '✗ ';

/** The first line of a failure's message, without ANSI colours, at most 300 characters. */
function firstLine(messages) {
  const text = String(messages?.[0] ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((line) => line.trim() !== '');
  const line = (text ?? '').trim();
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}

/**
 * Lines naming each failed test of a report as "file > describe > test: message", and each file
 * that failed without a failing test of its own (it did not load, or a hook threw).
 * @param {{ testResults?: Array<{ name: string, status: string, message?: string, assertionResults?: Array<{ status: string, fullName: string, failureMessages?: string[] }> }> }} report
 * @param {string} root the folder file names are shown relative to
 */
export function failedTestLines(report, root) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = file.name.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) lines.push(`${name} > ${test.fullName}: ${firstLine(test.failureMessages)}`);
    if (file.status === 'failed' && failed.length === 0) lines.push(`${name}: ${firstLine([file.message])}`);
  }
  return lines;
}
