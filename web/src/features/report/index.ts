/** The report feature's public API: the report button/dialog for other screens, the header badge, its pages. */
export { ReportButton, ReportDialog, DOWNLOAD_QUEUE_PATH } from './dialog/ReportDialog';
export { DownloadQueueBadge } from './queue/DownloadQueueBadge';
export * from './pages';
