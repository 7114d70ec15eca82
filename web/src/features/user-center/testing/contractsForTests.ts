import { ALL_RIGHTS, errorText } from '../contracts';

export { ALL_RIGHTS, errorText };
export const MENU_RIGHTS_COUNT = ALL_RIGHTS.filter((r) => r.startsWith('menu.')).length;
