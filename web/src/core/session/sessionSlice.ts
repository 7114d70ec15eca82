import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MeView } from '@/core/api/generated/identity';
import type { RightEntry } from '@/shared/contracts';

/** The signed-in account (identity's `GET /context/api/v1/accounts/me`), the fields the console keeps. */
export type PersonalInfo = Pick<MeView, 'id' | 'username' | 'displayName' | 'email' | 'roles' | 'organizationId' | 'customerIds'>;

export interface SessionState {
  status: 'anonymous' | 'ready';
  personalInfo: PersonalInfo | null;
  /** Granted menu right keys (GET /context/api/v2/Permission/menus). */
  menuRights: string[];
  /** The denied-modules list: a right is granted only if its key is present and true. */
  accessDeniedModules: RightEntry[];
}

const initialState: SessionState = {
  status: 'anonymous',
  personalInfo: null,
  menuRights: [],
  accessDeniedModules: [],
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    sessionLoaded(
      _state,
      action: PayloadAction<{ personalInfo: PersonalInfo; menuRights: string[]; accessDeniedModules: RightEntry[] }>,
    ) {
      return { status: 'ready', ...action.payload };
    },
    sessionReset() {
      return initialState;
    },
  },
});

export const { sessionLoaded, sessionReset } = sessionSlice.actions;
