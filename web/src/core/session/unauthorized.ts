import type { Dispatch } from '@reduxjs/toolkit';
import { clearSession } from './session';
import { askedAddress } from '@/core/navigation/askedAddress';
import { rememberRequestedHash } from './requestedHash';
import { sessionReset } from './sessionSlice';

let redirecting = false;

/** Lets the next 401 redirect again (called once a new session exists). */
export function resetUnauthorizedRedirect(): void {
  redirecting = false;
}

/**
 * 401 (SPEC §8): remember the address asked for (a page still loading counts), clear the session, redirect once to the
 * before-login page. Further 401s of the same burst do not redirect again.
 */
export function handleUnauthorized(
  dispatch: Dispatch,
  env: { local: Storage; session: Storage; location: Pick<Location, 'hash'> } = {
    local: localStorage,
    session: sessionStorage,
    location: window.location,
  },
): void {
  rememberRequestedHash(env.session, askedAddress(env.location), true);
  clearSession(env.local);
  dispatch(sessionReset());
  if (redirecting) return;
  redirecting = true;
  env.location.hash = '#/before-login';
}
