/** The user-centre feature's public API: what the shell and other features may import. */
export { UserMenu } from './password/UserMenu';
export { useCustomerOptions } from './lookups';
export * from './pages';
