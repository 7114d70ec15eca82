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
