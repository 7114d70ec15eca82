/** The repair feature's public API: its pages only. */
export * from './pages';
