import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { api } from './api/api';
import type { AppState } from './appSlice';
import type { SessionState } from './session/sessionSlice';

/**
 * The store as features see it. Core cannot import features, so a feature that adds a slice
 * declares it here by augmenting FeatureStates (see features/asset/assetSlice.ts); the shell's
 * store (shell/store.ts) combines the reducers and checks at compile time that they match.
 */
export interface CoreState {
  app: AppState;
  session: SessionState;
  [api.reducerPath]: ReturnType<typeof api.reducer>;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by feature augmentations
export interface FeatureStates {}

export type RootState = CoreState & FeatureStates;
export type AppDispatch = ThunkDispatch<RootState, undefined, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
