import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/shell/App';
import { createAppState } from '@/core/appSlice';
import { loadAppConfig } from '@/core/config/appConfig';
import { initI18n, initialLocale, loadLanguage } from '@/core/i18n';
import { STORAGE_KEYS } from '@/core/session/storageKeys';
import { createAppRouter } from '@/shell/router/router';
import { getAccessToken } from '@/core/session/session';
import { establishSession } from '@/features/auth';
import { rememberRequestedHash } from '@/core/session/requestedHash';
import { createStore } from '@/shell/store';
import { claimHandoff, WINDOW_OPEN_ROUTE } from '@/shared/utils/windowOpen';
import './styles.css';

// A tab opened through the middle page takes its handoff before anything else loads.
if (window.location.hash.startsWith(`#${WINDOW_OPEN_ROUTE}`)) claimHandoff(localStorage, sessionStorage, Date.now());

async function bootstrap(): Promise<void> {
  // The language kept in the browser is known before the configuration: fetch its strings meanwhile.
  const stored = initialLocale(localStorage, undefined);
  if (localStorage.getItem(STORAGE_KEYS.locale) === stored) void loadLanguage(stored).catch(() => {});
  const config = await loadAppConfig();
  const locale = initialLocale(localStorage, config.appLocale);
  // The first render waits for the language's strings (its own chunk, see core/i18n).
  await initI18n(locale);

  // Single sign-on may return the code in the real query: continue on the callback route.
  const search = new URLSearchParams(window.location.search);
  if (search.has('code') && !window.location.hash.startsWith('#/casdoor-callback')) {
    window.location.hash = '#/casdoor-callback';
  }
  // The hash address first requested, for landing after login (SPEC §2).
  if (!getAccessToken(localStorage)) rememberRequestedHash(sessionStorage, window.location.hash);

  const store = createStore({ app: createAppState(config, locale) });
  // Signed in already: ask for the account and its rights now, while the page's code still loads
  // (the route guard, rendered only once it has, joins this load instead of starting its own).
  if (getAccessToken(localStorage)) void establishSession(store.dispatch);
  const router = createAppRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );
}

void bootstrap();
