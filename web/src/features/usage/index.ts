/** The usage feature's public API (usage reporting, started by the shell's guards). */
export { usageApi } from './usageApi';
