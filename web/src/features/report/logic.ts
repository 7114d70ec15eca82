import { hasRight, LOADED_REPORTS_LIMIT, pushRecent, Rights, ReportTaskStatus, type RightEntry } from '@/shared/contracts';
import { STORAGE_KEYS } from '@/core/session/storageKeys';

/** Who may ask for reports and see the download queue (the service checks the same rights). */
export function canReport(denied: ReadonlyArray<RightEntry> | null | undefined): boolean {
  return hasRight(denied, Rights.IMAGE_EXPORT) || hasRight(denied, Rights.MENU_SEARCH_EXPORT);
}

/** Report templates: who sees the Config Center page and who edits (the service's rights). */
export function templateGrants(denied: ReadonlyArray<RightEntry> | null | undefined) {
  const edit = hasRight(denied, Rights.DEFECT_CONFIG_EDIT);
  return { show: edit || hasRight(denied, Rights.DEFECT_CONFIG_SHOW) || hasRight(denied, Rights.MENU_CONFIGURATION_CENTER), edit };
}

/** A task still being worked on: the queue polls while one is. */
export const isUnfinished = (status: number) => status === ReportTaskStatus.QUEUED || status === ReportTaskStatus.RENDERING;

/** The loaded-report memory (SPEC §9): ids of the last 20 opened reports, newest first. */
export function loadedReports(storage: Pick<Storage, 'getItem'>): string[] {
  try {
    const v: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.loadedReports) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, LOADED_REPORTS_LIMIT) : [];
  } catch {
    return [];
  }
}

export function rememberLoaded(storage: Pick<Storage, 'getItem' | 'setItem'>, id: string): string[] {
  const next = pushRecent(loadedReports(storage), id, LOADED_REPORTS_LIMIT);
  storage.setItem(STORAGE_KEYS.loadedReports, JSON.stringify(next));
  return next;
}

export type OpenOutcome = 'opened' | 'focused';

/**
 * Opens a report in its own named window unless it is already open there (remembered and the
 * window still shows it): then that window is brought to the front. `force` opens it again.
 */
export function openReportWindow(
  id: string,
  load: () => Promise<string>,
  opts: { force?: boolean; storage?: Pick<Storage, 'getItem' | 'setItem'>; win?: Pick<Window, 'open'> } = {},
): Promise<OpenOutcome> {
  const storage = opts.storage ?? localStorage;
  const win = opts.win ?? window;
  const name = `report-${id}`;
  const known = loadedReports(storage).includes(id);
  // Opened synchronously, inside the click, so the browser does not block it as a pop-up.
  const w = win.open('', name);
  let showing = false;
  try {
    showing = !!w && w.location.href.startsWith('blob:');
  } catch {
    showing = false;
  }
  if (known && showing && !opts.force) {
    w!.focus();
    rememberLoaded(storage, id);
    return Promise.resolve('focused');
  }
  return load().then((url) => {
    if (w) w.location.href = url;
    rememberLoaded(storage, id);
    return 'opened' as const;
  });
}

/** "12.3 KB" */
export function fileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '–';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** What the report service pushes over socket.io for one task (services/report ReportLive); `{}` = refetch everything. */
export interface ReportTaskChange {
  reportTaskId?: string;
  status?: number;
  progress?: number;
  step?: string | null;
  removed?: true;
}

interface TaskRowLike {
  id: string;
  status: number;
  progress: number;
  step?: string | null;
}

/**
 * Applies a pushed change to one cached page of the download list. A task on the page takes the
 * new progress and step in place; its list must refetch only when its status changed (filters,
 * the badge's count, the file name). A task not on the page matters when it may belong there or
 * changes a count: a new, finished, failed or removed one; the progress of one already rendering
 * does not (`progress` > 1 — the claim says 1).
 */
export function applyReportChange<P extends { results: TaskRowLike[] }>(
  page: P,
  change: ReportTaskChange,
): { page: P | null; refetch: boolean } {
  if (!change.reportTaskId || change.removed || change.status === undefined) return { page: null, refetch: true };
  const at = page.results.findIndex((r) => r.id === change.reportTaskId);
  if (at < 0) {
    const rendering = change.status === ReportTaskStatus.RENDERING && (change.progress ?? 0) > 1;
    return { page: null, refetch: !rendering };
  }
  const old = page.results[at]!;
  const row = { ...old, status: change.status, progress: change.progress ?? old.progress, step: change.step ?? null };
  const results = page.results.map((r, i) => (i === at ? row : r));
  return { page: { ...page, results }, refetch: old.status !== change.status };
}
