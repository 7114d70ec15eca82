import { describe, expect, it } from 'vitest';
import { isReactWorkAfterTeardown } from './teardownNoise';

const schedulerStack = [
  { method: 'performWorkOnRootViaSchedulerTask', file: '/repo/node_modules/react-dom/cjs/react-dom-client.development.js' },
  { method: 'Immediate.performWorkUntilDeadline', file: '/repo/node_modules/scheduler/cjs/scheduler.development.js' },
];

describe('isReactWorkAfterTeardown', () => {
  it("ignores react-dom's scheduled work failing for want of the torn-down window", () => {
    expect(isReactWorkAfterTeardown({ name: 'ReferenceError', message: 'window is not defined', stacks: schedulerStack })).toBe(true);
    expect(
      isReactWorkAfterTeardown({
        name: 'ReferenceError',
        message: 'window is not defined',
        stack: 'ReferenceError: window is not defined\n at x (node_modules/react-dom/cjs/a.js:1:1)\n at Immediate.performWorkUntilDeadline (node_modules/scheduler/b.js:2:2)',
      }),
    ).toBe(true);
  });

  it('keeps every other unhandled error', () => {
    expect(isReactWorkAfterTeardown({ name: 'TypeError', message: 'window is not defined', stacks: schedulerStack })).toBe(false);
    expect(isReactWorkAfterTeardown({ name: 'ReferenceError', message: 'document is not defined', stacks: schedulerStack })).toBe(false);
    expect(isReactWorkAfterTeardown({ name: 'ReferenceError', message: 'window is not defined', stack: 'at render (src/app.tsx:1:1)' })).toBe(false);
  });
});
