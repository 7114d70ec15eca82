/** The demo pages' public API (the shell's routes use `./pages`). */
export * from './pages';
export { AdminOnly, polygonArea } from './AdminOnly';
