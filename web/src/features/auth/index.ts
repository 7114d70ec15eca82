/** The auth feature's public API: what the shell and other features may import. */
export { establishSession, logout, startSessionRefresh } from './sessionFlow';
export * from './pages';
