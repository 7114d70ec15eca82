/**
 * React's scheduler (setImmediate under Node) may run a file's last queued render after vitest has
 * torn that file's jsdom window down; it then fails with "window is not defined" from react-dom.
 * Every test of the file has finished by then, so it cannot change a result: vitest's
 * `onUnhandledError` ignores exactly this error. Anything else unhandled still fails the run.
 */
export function isReactWorkAfterTeardown(error: { name?: string; message?: string; stack?: string; stacks?: unknown }): boolean {
  if (error.name !== 'ReferenceError' || error.message !== 'window is not defined') return false;
  const trace = `${error.stack ?? ''}${JSON.stringify(error.stacks ?? [])}`;
  return trace.includes('performWorkUntilDeadline') && trace.includes('react-dom');
}
