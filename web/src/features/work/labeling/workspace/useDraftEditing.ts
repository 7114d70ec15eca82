import { useCallback, useEffect, useRef, useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldChange } from '../components/DefectForm';
import { draftFromDefect, newDraft, sameDraft, type Draft, type DraftProblem, type DraftValues } from '../draft';
import { AUTOSAVE_DEBOUNCE_MS, clearDraft, draftKey, readDraft, writeDraft } from '../draftStore';
import { closePolygon, sizeFromPolygon, type Point } from '../geometry';
import type { LabelingDefect } from '../labelingApi';
import { createHistory, record, seal, type History } from '../undo';
import { createStore } from '../viewerBridge';
import type { LabelingMode, ListScope, Tool } from './types';
import type { WorkspaceData } from './useWorkspaceData';

const PIXEL_SIZE_KEY = (inspectionId: string) => `labeling.pixelSize.${inspectionId}`;

function readPixelSize(inspectionId: string): number | null {
  const v = Number(localStorage.getItem(PIXEL_SIZE_KEY(inspectionId)));
  return Number.isFinite(v) && v > 0 ? v : null;
}

/**
 * The editing state: the defect being edited (with undo history and its autosave), the
 * selection, the tool and the outline being drawn, the pixel size, and the list's scope.
 */
export function useDraftEditing({
  taskId,
  inspectionId,
  mode,
  data,
  onImage,
}: {
  taskId: string;
  inspectionId: string;
  mode: LabelingMode;
  data: WorkspaceData;
  onImage: (imageId: string) => void;
}) {
  const { t } = useTranslation('labeling');
  const { message } = App.useApp();
  const editable = mode === 'label' || mode === 'prelabel';
  const reviewing = mode === 'review';
  const { current, defectsQ, allDefects } = data;

  const [history, setHistory] = useState<History<Draft | null>>(() => createHistory(null));
  const [original, setOriginal] = useState<Draft | null>(null);
  const draft = history.present;
  const dirty = draft !== null && !sameDraft(draft, original);
  const [selection, setSelection] = useState<string[]>([]);
  const [tool, setTool] = useState<Tool>('select');
  const [drawing, setDrawing] = useState<Point[]>([]);
  const [problem, setProblem] = useState<DraftProblem | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pixelSize, setPixelSizeState] = useState<number | null>(() => readPixelSize(inspectionId));
  const [listScope, setListScope] = useState<ListScope>(reviewing ? 'all' : 'image');

  // Stores outside React state: the viewer's transform and the cursor change on every frame.
  const [transform] = useState(() => createStore<{ scale: number; tx: number; ty: number } | null>(null));
  const [cursor] = useState(() => createStore<Point | null>(null));

  const resetDraft = useCallback((d: Draft | null, orig: Draft | null = d) => {
    setHistory(createHistory(d));
    setOriginal(orig);
    setProblem(null);
    setRefusal(null);
  }, []);

  // A new mode (labeling ↔ review) starts with nothing selected.
  useEffect(() => {
    resetDraft(null);
    setSelection([]);
    setDrawing([]);
    setTool('select');
    setListScope(reviewing ? 'all' : 'image');
  }, [mode, reviewing, resetDraft]);

  // Autosave (draftStore): an unsaved defect or an outline in progress survives a reload; it is
  // restored once per image when the tool can edit, and forgotten once saved or discarded.
  const restoredKey = useRef<string | null>(null);
  const autosaveKey = editable && current ? draftKey(taskId, current.imageId) : null;
  useEffect(() => {
    // Read-only for a while (e.g. the edit lock went to someone else): restore again afterwards.
    if (!autosaveKey) restoredKey.current = null;
    if (!autosaveKey || !defectsQ.data || restoredKey.current === autosaveKey) return;
    restoredKey.current = autosaveKey;
    const stored = readDraft(localStorage, autosaveKey);
    if (!stored) return;
    const existing = stored.draft?.defectId ? defectsQ.data.find((d) => d.defectId === stored.draft!.defectId) : undefined;
    // The defect was deleted meanwhile: its unsaved edit has nothing to apply to.
    if (stored.draft?.defectId && !existing) return clearDraft(localStorage, autosaveKey);
    const orig = existing ? draftFromDefect(existing) : null;
    setOriginal(orig);
    setHistory(stored.draft ? record(createHistory<Draft | null>(orig), stored.draft) : createHistory<Draft | null>(orig));
    setSelection(existing ? [existing.defectId] : []);
    setProblem(null);
    setRefusal(null);
    if (stored.drawing.length) {
      setDrawing(stored.drawing);
      setTool('polygon');
    }
    void message.info({ content: t('autosave.restored'), key: 'labeling-draft-restored' });
  }, [autosaveKey, defectsQ.data, message, t]);
  useEffect(() => {
    if (!autosaveKey || restoredKey.current !== autosaveKey) return;
    // A draft of another image (the list shows all images) is not this key's.
    if (draft && draft.imageId !== current?.imageId) return;
    const timer = setTimeout(() => writeDraft(localStorage, autosaveKey, draft, dirty, drawing), AUTOSAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [autosaveKey, current?.imageId, draft, dirty, drawing]);

  const guardDirty = useCallback((): boolean => {
    if (dirty) {
      void message.warning(t('form.saveFirst'));
      return false;
    }
    return true;
  }, [dirty, message, t]);

  const withSize = useCallback(
    (d: Draft): Draft => {
      const size = d.polygon ? sizeFromPolygon(d.polygon, pixelSize) : null;
      return size ? { ...d, values: { ...d.values, ...size } } : d;
    },
    [pixelSize],
  );

  const openDefect = useCallback(
    (d: LabelingDefect) => {
      setSelection([d.defectId]);
      const dr = draftFromDefect(d);
      resetDraft(dr);
      if (d.imageId !== current?.imageId) onImage(d.imageId);
    },
    [current?.imageId, onImage, resetDraft],
  );

  const selectDefect = useCallback(
    (id: string, additive: boolean) => {
      const d = allDefects.find((x) => x.defectId === id);
      if (!d) return;
      if (additive && !reviewing) {
        if (!guardDirty()) return;
        const next = selection.includes(id) ? selection.filter((x) => x !== id) : [...selection, id];
        setSelection(next);
        const only = next.length === 1 ? allDefects.find((x) => x.defectId === next[0]) : undefined;
        resetDraft(only ? draftFromDefect(only) : null);
        return;
      }
      if (draft?.defectId === id) return;
      if (!guardDirty()) return;
      openDefect(d);
    },
    [allDefects, draft?.defectId, guardDirty, openDefect, resetDraft, reviewing, selection],
  );

  const clearSelection = useCallback(() => {
    setSelection([]);
    resetDraft(null);
  }, [resetDraft]);

  const currentIdRef = useRef<string | null>(null);
  currentIdRef.current = current?.imageId ?? null;
  // Filling the form before drawing starts a new defect; its outline comes next.
  const change: FieldChange = useCallback((field, value) => {
    setHistory((h) => {
      const base = h.present ?? (currentIdRef.current ? newDraft(currentIdRef.current) : null);
      return base ? record(h, { ...base, values: { ...base.values, [field]: value } as DraftValues }, `field:${field}`) : h;
    });
    setProblem(null);
  }, []);
  const sealHistory = useCallback(() => setHistory((h) => seal(h)), []);

  const commitPolygon = useCallback(
    (polygon: Point[]) => {
      setHistory((h) => (h.present ? record(h, withSize({ ...h.present, polygon })) : h));
      setProblem(null);
    },
    [withSize],
  );

  const finishDrawing = useCallback(() => {
    const polygon = closePolygon(drawing);
    if (!polygon || !current) {
      void message.warning(t('draw.tooFew'));
      return;
    }
    setDrawing([]);
    cursor.set(null);
    setTool('select');
    setSelection([]);
    if (draft && draft.defectId === null && !draft.polygon) {
      setHistory((h) => record(h, withSize({ ...h.present!, polygon, imageId: current.imageId })));
    } else {
      // A new defect: undo goes back to nothing drawn.
      setOriginal(null);
      setHistory(record(createHistory<Draft | null>(null), withSize({ ...newDraft(current.imageId), polygon })));
    }
    setProblem(null);
  }, [current, cursor, draft, drawing, message, t, withSize]);

  const setPixelSize = (v: number | null) => {
    setPixelSizeState(v);
    if (v) localStorage.setItem(PIXEL_SIZE_KEY(inspectionId), String(v));
    else localStorage.removeItem(PIXEL_SIZE_KEY(inspectionId));
    if (v && draft?.polygon)
      setHistory((h) => record(h, { ...h.present!, values: { ...h.present!.values, ...sizeFromPolygon(h.present!.polygon!, v)! } }));
  };

  return {
    editable,
    reviewing,
    history,
    setHistory,
    original,
    draft,
    dirty,
    selection,
    setSelection,
    tool,
    setTool,
    drawing,
    setDrawing,
    problem,
    setProblem,
    refusal,
    setRefusal,
    pixelSize,
    setPixelSize,
    listScope,
    setListScope,
    transform,
    cursor,
    resetDraft,
    guardDirty,
    openDefect,
    selectDefect,
    clearSelection,
    change,
    sealHistory,
    commitPolygon,
    finishDrawing,
  };
}

export type DraftEditing = ReturnType<typeof useDraftEditing>;
