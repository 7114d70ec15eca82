/** The delivery feature's public API: its pages only. */
export * from './pages';
