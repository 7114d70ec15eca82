import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api } from '@/core/api/api';
import { appSlice, type AppState } from '@/core/appSlice';
import { sessionSlice, type SessionState } from '@/core/session/sessionSlice';
import type { AppDispatch, RootState } from '@/core/store';
// The feature's state entry, not its index: the index also brings asset's endpoints (their
// registration is a side effect), which would put them in the first page's bundle.
import { assetSlice, type AssetState } from '@/features/asset/state';

/** The store is assembled here, above the features, because it combines their reducers. */
const rootReducer = combineReducers({
  app: appSlice.reducer,
  session: sessionSlice.reducer,
  asset: assetSlice.reducer,
  [api.reducerPath]: api.reducer,
});

export function createStore(preloaded: { app?: AppState; session?: SessionState; asset?: AssetState } = {}) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloaded,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;

// Compile-time checks: what core declares (RootState with the features' augmentations) is what
// this store holds, and its dispatch fits the typed hooks.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _stateMatches: Same<ReturnType<typeof rootReducer>, RootState> = true;
const _dispatchFits = (store: AppStore): AppDispatch => store.dispatch;
void _stateMatches;
void _dispatchFits;
