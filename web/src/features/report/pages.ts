/** Route modules of the report feature, loaded on demand (the shell's routes). */
export const reportPages = {
  downloadQueue: () => import('./queue/DownloadQueuePage'),
  reportConfig: () => import('./templates/ReportTemplatesPage'),
};
