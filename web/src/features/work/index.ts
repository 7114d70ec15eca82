/** The work feature's public API: its standalone tool pages only. */
export * from './pages';
