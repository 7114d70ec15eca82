// The chunk loadErrorCatalogue (errorCatalogue.ts) loads.
export { lookupMessage } from '@/shared/contracts';
