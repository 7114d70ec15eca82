/**
 * @windward/contracts – the shared vocabulary of the platform (no framework imports):
 * enumerations, rights, the error catalogue, validation rules, constants, events,
 * gateway routes and the service table.
 */
export * from './enums/index.js';
export * from './rights.js';
export * from './errors/index.js';
export * from './validation/index.js';
export * from './constants.js';
export * from './events.js';
export * from './event-owners.js';
export * from './labeling.js';
export * from './component-rights.js';
export * from './menus.js';
export * from './routes.js';
export * from './services.js';
export * from './import-sheet.js';
export * from './import-tables.js';
