import type { SheetImportView } from './importApi';

/** The wizard step to show for the open run (null run: step 1). A failed step 4 shows the finish page. */
export function stepOf(run: SheetImportView | null | undefined): number {
  if (!run) return 1;
  if (run.taskStatus === 'SUCCEEDED' || (run.taskStatus === 'FAILED' && run.step >= 4)) return 5;
  return Math.min(5, Math.max(2, run.step));
}

/** Percent of the SPEC §4 progress codes 1..8 reached. */
export function progressPercent(code: number | null | undefined): number {
  return code ? Math.round((code / 8) * 100) : 0;
}
