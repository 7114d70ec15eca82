/** The middle-page feature's public API: its page only. */
export * from './pages';
