/** `%text%` for ILIKE … ESCAPE '\': the user's own % and _ match literally. */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
