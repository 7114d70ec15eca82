export * from './types.js';
export * from './numeric.js';
export * from './named.js';
export * from './catalogue.js';
export * from './app-error.js';
export * from './lookup.js';
