/**
 * Renewing the access token from anywhere (HTTP calls, live sockets) when a service answers
 * ACCESS_CHANGED: the user's roles, rights or data scope changed and the old token no longer
 * holds (issue #16). The signed-in shell registers the refresh-grant call; concurrent callers
 * share one renewal.
 */
type Renewer = () => Promise<void>;

let renewer: Renewer | null = null;
let running: Promise<boolean> | null = null;

/** Registers (or, with null, removes) the call that exchanges the refresh token and stores the new tokens. */
export function setAccessRenewer(next: Renewer | null): void {
  renewer = next;
}

/** True when a new access token was stored. */
export function renewAccess(): Promise<boolean> {
  if (!renewer) return Promise.resolve(false);
  running ??= renewer()
    .then(
      () => true,
      () => false,
    )
    .finally(() => {
      running = null;
    });
  return running;
}
