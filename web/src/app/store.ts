import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from './api/api';
import { appSlice, type AppState } from './appSlice';
import { sessionSlice, type SessionState } from './session/sessionSlice';
import { assetSlice, type AssetState } from '@/features/asset/assetSlice';

const rootReducer = combineReducers({
  app: appSlice.reducer,
  session: sessionSlice.reducer,
  asset: assetSlice.reducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function createStore(preloaded: { app?: AppState; session?: SessionState; asset?: AssetState } = {}) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloaded,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
