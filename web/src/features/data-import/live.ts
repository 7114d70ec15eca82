import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { openLiveSocket } from '@/core/realtime/liveSocket';
import { api } from '@/core/api/api';
import { socketPath } from './contracts';
import { SHEET_IMPORT_TAG } from './importApi';

/** The message the import service pushes when an import changes (docs/import.md "Live progress"). */
export const SHEET_IMPORT_CHANGED = 'sheet-import.changed';

/**
 * Live progress of spreadsheet imports (SPEC §4 progress codes 1..8): one socket.io connection
 * with the access token in the handshake; each change refetches the import queries (the HTTP
 * answers apply the caller's scope and language, the socket carries only ids and codes).
 */
export function useSheetImportLive(enabled = true): void {
  const dispatch = useDispatch();
  useEffect(() => {
    if (!enabled) return undefined;
    const socket = openLiveSocket(socketPath('import'));
    socket.on(SHEET_IMPORT_CHANGED, () => {
      dispatch(api.util.invalidateTags([SHEET_IMPORT_TAG as never]));
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [dispatch, enabled]);
}
