import { describe, expect, it } from 'vitest';
import { closedStageOf } from './stageWindow';

describe('closedStageOf (a tool window whose stage closed)', () => {
  const row = (taskStageType: number, status: number) => ({ taskStageType, status });
  it('is the window’s stage once it is completed or no longer current; null while it runs or when none was opened', () => {
    expect(closedStageOf({ taskStageTypes: [4], stages: [row(4, 4)] }, 4)).toBeNull();
    expect(closedStageOf({ taskStageTypes: [5], stages: [row(4, 5), row(5, 3)] }, 4)).toBe(4);
    // Completed while still listed (the next stage not yet readied) counts as closed.
    expect(closedStageOf({ taskStageTypes: [6], stages: [row(6, 5)] }, 6)).toBe(6);
    // A review that failed sends the task back to labeling: the review window's stage is over too.
    expect(closedStageOf({ taskStageTypes: [4], stages: [row(4, 4), row(5, 2)] }, 5)).toBe(5);
    expect(closedStageOf({ taskStageTypes: [5], stages: [] }, null)).toBeNull();
  });
});
