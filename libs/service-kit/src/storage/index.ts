export * from './file-store.js';
export * from './file-store.module.js';
export * from './s3-file-store.js';
export * from './photo-check.js';
export * from './photo-upload.interceptor.js';
