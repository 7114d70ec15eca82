import { useRef, useState } from 'react';
import { uploadPercent } from '@/shared/upload';
import { uploadImages, type SheetImportView } from './importApi';

export type QueuedState = 'waiting' | 'uploading' | 'done' | 'failed';

export interface QueuedPhoto {
  file: File;
  state: QueuedState;
  percent: number;
  /** Why the file failed (the server's finding about it, or the refusal). */
  message: string | null;
}

/**
 * Step 3's photos one request each (import's `images?append=true`), one after the other: a
 * failed file does not stop the others and may be sent again alone; pause stops the file being
 * sent (it goes back to waiting) and resume goes on from there. `describe` turns a failed answer
 * into its message; `onSent` follows every answer (the run has changed).
 */
export function usePhotoQueue(sheetImportId: string, describe: (status: number, body: unknown) => string, onSent: () => void) {
  const [items, setItems] = useState<QueuedPhoto[]>([]);
  const [paused, setPaused] = useState(false);
  const [running, setRunning] = useState(false);
  const list = useRef<QueuedPhoto[]>([]);
  const pausedRef = useRef(false);
  const busy = useRef(false);
  const abort = useRef<AbortController | null>(null);
  const publish = (next: QueuedPhoto[]) => {
    list.current = next;
    setItems(next);
  };
  const patch = (file: File, p: Partial<QueuedPhoto>) => publish(list.current.map((i) => (i.file === file ? { ...i, ...p } : i)));

  const pump = async () => {
    if (busy.current) return;
    busy.current = true;
    setRunning(true);
    try {
      for (;;) {
        const next = pausedRef.current ? undefined : list.current.find((i) => i.state === 'waiting');
        if (!next) break;
        const { file } = next;
        patch(file, { state: 'uploading', percent: 0, message: null });
        abort.current = new AbortController();
        const r = await uploadImages(sheetImportId, [file], false, (loaded, total) => patch(file, { percent: uploadPercent(loaded, total) }), {
          append: true,
          signal: abort.current.signal,
        });
        abort.current = null;
        if (r.aborted) {
          patch(file, { state: 'waiting', percent: 0 });
          continue;
        }
        const ok = r.status >= 200 && r.status < 300;
        // The answer lists this request's findings; one naming this file refuses it.
        const finding = ok ? (r.body as SheetImportView).findings.find((f) => f.value === file.name) : undefined;
        if (ok && !finding) patch(file, { state: 'done', percent: 100 });
        else patch(file, { state: 'failed', message: finding ? finding.message : describe(r.status, r.body) });
        onSent();
      }
    } finally {
      busy.current = false;
      setRunning(false);
    }
  };

  const resume = () => {
    pausedRef.current = false;
    setPaused(false);
    void pump();
  };
  return {
    items,
    paused,
    running,
    /** Queues dropped photos (a file of the same name not being sent is replaced) and starts. */
    add(files: File[]) {
      const names = new Set(files.map((f) => f.name));
      const kept = list.current.filter((i) => i.state === 'uploading' || !names.has(i.file.name));
      publish([...kept, ...files.map((file) => ({ file, state: 'waiting' as const, percent: 0, message: null }))]);
      resume();
    },
    pause() {
      pausedRef.current = true;
      setPaused(true);
      abort.current?.abort();
    },
    resume,
    /** Sends the failed files again. */
    retryFailed() {
      publish(list.current.map((i) => (i.state === 'failed' ? { ...i, state: 'waiting', percent: 0, message: null } : i)));
      resume();
    },
    /** Bytes of the queue sent so far over its total (the total progress bar). */
    percent(): number {
      const total = items.reduce((a, i) => a + i.file.size, 0);
      const sent = items.reduce((a, i) => a + (i.state === 'done' ? i.file.size : i.state === 'uploading' ? (i.percent / 100) * i.file.size : 0), 0);
      return uploadPercent(sent, total);
    },
  };
}
