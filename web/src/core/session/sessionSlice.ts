import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RightEntry } from '@/shared/contracts';

/** GET /context/api/v1/accounts/me */
export interface PersonalInfo {
  id: string;
  username: string;
  displayName: string;
  email: string;
  roles: number[];
  organizationId: string | null;
  customerIds: string[];
}

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
