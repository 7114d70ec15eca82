import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/core/i18n';
import type { ApiError } from '@/core/api/baseQuery';
import { imageHeaders } from '@/shared/viewer/authedFetch';
import { editLockPath, useLocksAcquireMutation } from '../editLockApi';

/** The lease is 60 s on the server; renewing every 20 s survives two lost heartbeats. */
export const LOCK_RENEW_MS = 20_000;

export type LockState =
  | { status: 'pending' | 'held' }
  /** Someone else edits: the tool is read-only until a retry gets the lock. */
  | { status: 'locked'; holderName: string }
  /** The lock could not be asked for (network, old server): editing stays on, the server still guards writes. */
  | { status: 'unknown' };

/** EDIT_LOCKED's holder, or null for any other failure. */
export function lockedHolder(error: unknown): string | null {
  const data = (error as ApiError | undefined)?.data as { code?: unknown; details?: { holderName?: unknown } } | undefined;
  if (data?.code !== 'EDIT_LOCKED') return null;
  return typeof data.details?.holderName === 'string' ? data.details.holderName : '–';
}

/** The page is going away: a keep-alive request still carries the token. */
function releaseOnLeave(inspectionId: string) {
  void fetch(editLockPath(inspectionId), {
    method: 'DELETE',
    keepalive: true,
    headers: { ...imageHeaders(), locale: currentLocale() },
  }).catch(() => undefined);
}

/**
 * Holds the inspection's edit lock while the labeling tool edits: acquired on open, renewed
 * every LOCK_RENEW_MS, released on unmount and on pagehide (taken again when the page comes
 * back from the back/forward cache).
 */
export function useEditLock(inspectionId: string, enabled: boolean): { state: LockState; retry: () => void } {
  const [acquire] = useLocksAcquireMutation();
  const [state, setState] = useState<LockState>({ status: enabled ? 'pending' : 'unknown' });
  const held = useRef(false);
  const lockedByOther = useRef(false);
  const active = useRef(false);

  const attempt = useCallback(async () => {
    const r = await acquire({ id: inspectionId });
    if (!r.error) {
      // Answered after the page closed: give the lock back at once.
      if (!active.current) return releaseOnLeave(inspectionId);
      held.current = true;
      lockedByOther.current = false;
      setState({ status: 'held' });
      return;
    }
    held.current = false;
    const holder = lockedHolder(r.error);
    lockedByOther.current = holder !== null;
    setState(holder === null ? { status: 'unknown' } : { status: 'locked', holderName: holder });
  }, [acquire, inspectionId]);

  useEffect(() => {
    if (!enabled) return;
    active.current = true;
    void attempt();
    const timer = setInterval(() => {
      // Someone else's lock is only asked for again by Retry.
      if (!lockedByOther.current) void attempt();
    }, LOCK_RENEW_MS);
    const onHide = () => {
      if (held.current) releaseOnLeave(inspectionId);
      held.current = false;
    };
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) void attempt();
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('pageshow', onShow);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('pageshow', onShow);
      active.current = false;
      onHide();
    };
  }, [enabled, inspectionId, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'pending' });
    void attempt();
  }, [attempt]);
  return { state: enabled ? state : { status: 'unknown' }, retry };
}

/** "<holder> is editing…": the labels are shown read-only, Retry asks for the lock again. */
export function EditLockBanner({ holderName, onRetry, retrying = false }: { holderName: string; onRetry: () => void; retrying?: boolean }) {
  const { t } = useTranslation('labeling');
  return (
    <Alert
      type="warning"
      showIcon
      className="lbl-notice"
      data-testid="edit-lock-banner"
      title={t('lock.lockedBy', { holder: holderName })}
      description={t('lock.readOnly')}
      action={
        <Button size="small" loading={retrying} onClick={onRetry} data-testid="edit-lock-retry">
          {t('lock.retry')}
        </Button>
      }
    />
  );
}

/** Renders the workspace read-only (`locked`) while someone else holds the lock, with the banner above. */
export function EditLockGate({
  inspectionId,
  enabled,
  children,
}: {
  inspectionId: string;
  enabled: boolean;
  children: (locked: boolean) => ReactNode;
}) {
  const { state, retry } = useEditLock(inspectionId, enabled);
  const [lastHolder, setLastHolder] = useState<string | null>(null);
  useEffect(() => {
    if (state.status === 'locked') setLastHolder(state.holderName);
    else if (state.status !== 'pending') setLastHolder(null);
  }, [state]);
  // While a retry is in flight the banner stays (with a spinner) so the page does not flicker.
  const holder = state.status === 'locked' ? state.holderName : state.status === 'pending' ? lastHolder : null;
  return (
    <>
      {holder !== null && <EditLockBanner holderName={holder} onRetry={retry} retrying={state.status === 'pending'} />}
      {children(holder !== null)}
    </>
  );
}
