import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Locale } from '@/shared/contracts';
import { DEFAULT_APP_CONFIG, type AppConfig } from './config/appConfig';

export interface AppState {
  config: AppConfig;
  locale: Locale;
}

export function createAppState(config: AppConfig = DEFAULT_APP_CONFIG, locale: Locale = config.appLocale): AppState {
  return { config, locale };
}

export const appSlice = createSlice({
  name: 'app',
  initialState: createAppState(),
  reducers: {
    localeChanged(state, action: PayloadAction<Locale>) {
      state.locale = action.payload;
    },
  },
});

export const { localeChanged } = appSlice.actions;
