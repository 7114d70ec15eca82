import bcrypt from 'bcryptjs';

/** bcrypt cost: about 60 ms per hash here, the price of a sign-in (see docs/performance.md). */
export const PASSWORD_HASH_ROUNDS = 10;

export const hashPassword = (plain: string) => bcrypt.hash(plain, PASSWORD_HASH_ROUNDS);
