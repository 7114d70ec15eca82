/**
 * The whole store for tests. The test harness sits above every layer (it renders the shell),
 * so feature tests get the assembled store from here rather than importing the shell.
 */
export { createStore, type AppStore } from '@/shell/store';
