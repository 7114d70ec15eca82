export * from './result.js';
export * from './account.js';
export * from './common-passwords.js';
export * from './text.js';
export * from './number.js';
export * from './upload.js';
export * from './id.js';
