import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Empty, Input, Skeleton, Space, Tabs, Tooltip, Typography, type GetRef } from 'antd';
import {
  AimOutlined,
  CheckSquareOutlined,
  DragOutlined,
  LeftOutlined,
  QuestionOutlined,
  RedoOutlined,
  RightOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { errorMessageOf } from '@/core/api/errorMessage';
import type { ApiError } from '@/core/api/baseQuery';
import {
  INSPECTION_MAX_PAGE_SIZE,
  useImagesQuery,
  useInspectionQuery,
  type InspectionImage,
  severityFill,
  LoadError,
} from '@/features/inspection';
import { ImageViewer } from '@/shared/viewer/ImageViewer';
import type { OverlayPolygon, SelectModifiers } from '@/shared/viewer/PolygonOverlay';
import { QaStatus, errorText } from './contracts';
import { draftBody, draftFromDefect, draftProblem, newDraft, sameDraft, type Draft, type DraftProblem, type DraftValues } from './draft';
import { AUTOSAVE_DEBOUNCE_MS, clearDraft, draftKey, readDraft, writeDraft } from './draftStore';
import { clampToImage, closePolygon, closesAtFirst, pickPolygon, screenToImage, sizeFromPolygon, type Point } from './geometry';
import {
  useLabelingAcceptSuggestionMutation,
  useLabelingBulkUpdateMutation,
  useCompleteLabelingStageMutation,
  useLabelingCreateDefectMutation,
  useLabelingDecideSuggestionsMutation,
  useLabelingTemplatesQuery,
  useLabelingDeleteDefectMutation,
  useLabelingDefectsQuery,
  useLabelingStatusQuery,
  useLabelingRejectSuggestionMutation,
  useLabelingRequireLabeledMutation,
  useLabelingSetImageLabeledMutation,
  useSubmitLabelingQaMutation,
  useLabelingQaResultsQuery,
  useLabelingUpdateDefectMutation,
  labelingPaths,
  type BulkChanges,
  type LabelingDefect,
} from './labelingApi';
import {
  loadVerdicts,
  qaBody,
  reviewCounts,
  reviewProblem,
  stepInList,
  suggestedResult,
  verdictsKey,
  type ReviewProblem,
  type Verdict,
} from './review';
import { loadShortcuts, saveShortcuts, type ShortcutAction, type ShortcutMap } from './shortcuts';
import { canRedo, canUndo, createHistory, record, redo, seal, undo, type History } from './undo';
import { useShortcutKeys } from './useShortcutKeys';
import { createStore, useViewerTools, type ToolViewer } from './viewerBridge';
import { BulkEditPanel } from './components/BulkEditPanel';
import { DefectForm, type FieldChange } from './components/DefectForm';
import { DefectList } from './components/DefectList';
import { EditLayer } from './components/EditLayer';
import { Filmstrip } from './components/Filmstrip';
import { QaFindings } from './components/QaFindings';
import { DefectVerdict, ReviewResult } from './components/ReviewPanel';
import { ShortcutHelp } from './components/ShortcutHelp';

/** Retries of the labeling stage's completion while task-flow has not yet heard the last labeled side. */
const LABELING_EVENT_RETRIES = 4;
const LABELING_EVENT_RETRY_MS = 750;
const refusalCode = (e: unknown) => ((e as ApiError).data as { code?: unknown } | undefined)?.code;

/** label: labeling (stage 4); prelabel: accept/reject suggestions (stage 10); review: QA/FQA (5, 11); readonly: look only. */
export type LabelingMode = 'label' | 'prelabel' | 'review' | 'readonly';

export interface Finished {
  kind: 'labeling' | 'prelabel' | 'review';
  result?: QaStatus;
}

const PIXEL_SIZE_KEY = (inspectionId: string) => `labeling.pixelSize.${inspectionId}`;

function readPixelSize(inspectionId: string): number | null {
  const v = Number(localStorage.getItem(PIXEL_SIZE_KEY(inspectionId)));
  return Number.isFinite(v) && v > 0 ? v : null;
}

/**
 * The labeling tool's working area: the image list, the deep-zoom viewer with the polygon
 * layer and the editing layer, and the panel (defect form and list, pre-label decisions, bulk
 * edit, or the review). Keys run through the customisable shortcut map.
 */
export function LabelingWorkspace({
  taskId,
  inspectionId,
  mode,
  workStage,
  reviewStage,
  imageId,
  onImage,
  onFinished,
}: {
  taskId: string;
  inspectionId: string;
  mode: LabelingMode;
  /** 4 or 10 when labeling / pre-labeling. */
  workStage: number | null;
  /** 5 or 11 in review. */
  reviewStage: number | null;
  imageId: string | null;
  onImage: (imageId: string) => void;
  onFinished: (f: Finished) => void;
}) {
  const { t } = useTranslation('labeling');
  const { t: ti } = useTranslation('inspection');
  const locale = useLocale();
  const { message, modal } = App.useApp();
  const editable = mode === 'label' || mode === 'prelabel';
  const reviewing = mode === 'review';

  const inspection = useInspectionQuery(inspectionId);
  const imagesQ = useImagesQuery({ inspectionId, isActive: true, pageSize: INSPECTION_MAX_PAGE_SIZE });
  const defectsQ = useLabelingDefectsQuery(inspectionId);
  const statusQ = useLabelingStatusQuery(inspectionId);
  const templatesQ = useLabelingTemplatesQuery(inspection.data?.customerId ?? skipToken);
  const qaQ = useLabelingQaResultsQuery(taskId);
  const templates = templatesQ.data;

  const [createDefect, createState] = useLabelingCreateDefectMutation();
  const [updateDefect, updateState] = useLabelingUpdateDefectMutation();
  const [deleteDefect] = useLabelingDeleteDefectMutation();
  const [bulkUpdate, bulkState] = useLabelingBulkUpdateMutation();
  const [acceptSuggestion, acceptState] = useLabelingAcceptSuggestionMutation();
  const [rejectSuggestion, rejectState] = useLabelingRejectSuggestionMutation();
  const [decideSuggestions, decideState] = useLabelingDecideSuggestionsMutation();
  const [setImageLabeled] = useLabelingSetImageLabeledMutation();
  const [requireLabeled] = useLabelingRequireLabeledMutation();
  const [completeStage, completeState] = useCompleteLabelingStageMutation();
  const [submitQa, submitState] = useSubmitLabelingQaMutation();

  const images = useMemo(() => imagesQ.data?.results ?? [], [imagesQ.data]);
  const index = Math.max(
    0,
    images.findIndex((i) => i.imageId === imageId),
  );
  const current: InspectionImage | null = images[index] ?? null;
  const allDefects = useMemo(() => defectsQ.data ?? [], [defectsQ.data]);
  const visibleDefects = useMemo(() => (reviewing ? allDefects.filter((d) => !d.suggested) : allDefects), [allDefects, reviewing]);
  const imageDefects = useMemo(() => visibleDefects.filter((d) => d.imageId === current?.imageId), [visibleDefects, current?.imageId]);
  const bladeLength = inspection.data?.blades?.find((b) => b.position === current?.bladePosition)?.length ?? null;
  const imageStatus = statusQ.data?.images.find((i) => i.imageId === current?.imageId);

  // ---------------------------------------------------------------- editing state
  const [history, setHistory] = useState<History<Draft | null>>(() => createHistory(null));
  const [original, setOriginal] = useState<Draft | null>(null);
  const draft = history.present;
  const dirty = draft !== null && !sameDraft(draft, original);
  const [selection, setSelection] = useState<string[]>([]);
  const [tool, setTool] = useState<'select' | 'polygon'>('select');
  const [drawing, setDrawing] = useState<Point[]>([]);
  const [problem, setProblem] = useState<DraftProblem | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [bulkRefusal, setBulkRefusal] = useState<string | null>(null);
  const [showMissing, setShowMissing] = useState(false);
  const [pixelSize, setPixelSizeState] = useState<number | null>(() => readPixelSize(inspectionId));
  const [shortcuts, setShortcutsState] = useState<ShortcutMap>(() => loadShortcuts());
  const [helpOpen, setHelpOpen] = useState(false);
  const [capturing, setCapturing] = useState(false);
  const [listScope, setListScope] = useState<'image' | 'all'>(reviewing ? 'all' : 'image');

  const [transform] = useState(() => createStore<{ scale: number; tx: number; ty: number } | null>(null));
  const [cursor] = useState(() => createStore<Point | null>(null));
  const [viewer, setViewer] = useState<ToolViewer | null>(null);
  const onViewer = useCallback((v: ToolViewer | null) => setViewer(v), []);

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

  // ---------------------------------------------------------------- viewer events
  const pickable = useMemo(
    () =>
      imageDefects.map((d) => ({ id: d.defectId, points: d.defectId === draft?.defectId && draft.polygon ? draft.polygon : d.polygon })),
    [imageDefects, draft],
  );
  useViewerTools(viewer, {
    onClick: (pos, mods) => {
      const tr = transform.get();
      if (!tr || !current) return;
      const at = screenToImage([pos.x, pos.y], tr);
      if (tool === 'polygon' && editable) {
        const p = clampToImage(at, current.width, current.height);
        if (closesAtFirst(drawing, p, tr.scale)) finishDrawing();
        else setDrawing((d) => [...d, p]);
        return;
      }
      const id = pickPolygon(pickable, at);
      if (id) selectDefect(id, mods.shift || mods.ctrl);
      else if (!mods.shift && !mods.ctrl && !dirty) clearSelection();
    },
    onDoubleClick: () => {
      if (tool !== 'polygon' || !editable) return false;
      if (drawing.length >= 3) finishDrawing();
      return true;
    },
    onPointer: (pos) => {
      const tr = transform.get();
      if (tool === 'polygon' && drawing.length && pos && tr) cursor.set(screenToImage([pos.x, pos.y], tr));
      else if (cursor.get() !== null) cursor.set(null);
    },
  });

  // ---------------------------------------------------------------- writes
  const refusalText = (e: unknown, path?: string) => errorMessageOf(e as ApiError, locale, path);

  const save = useCallback(async () => {
    if (!editable) return;
    if (!draft) {
      setProblem({ code: 'POLYGON_REQUIRED', field: 'polygon' });
      void message.warning(errorText('POLYGON_REQUIRED', locale));
      return;
    }
    const p = draftProblem(draft, bladeLength);
    if (p) {
      setProblem(p);
      void message.error(errorText(p.code, locale, p.params));
      return;
    }
    const body = draftBody(draft) as Record<string, unknown>;
    const r = draft.defectId ? await updateDefect({ defectId: draft.defectId, body }) : await createDefect({ inspectionId, body });
    if (r.error) {
      setRefusal(refusalText(r.error));
      void message.error(refusalText(r.error));
      return;
    }
    // The next keys are shortcuts again (severity, next image…), not typing in the last field.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    const saved = { ...r.data, suggested: r.data.suggested === true };
    const dr = draftFromDefect(saved);
    clearDraft(localStorage, draftKey(taskId, saved.imageId));
    resetDraft(dr);
    setSelection([saved.defectId]);
    void message.success(t('form.saved', { no: saved.defectNo }));
  }, [editable, draft, drawing.length, bladeLength, inspectionId, taskId, locale, message, t, resetDraft, createDefect, updateDefect]);

  const removeSelected = useCallback(() => {
    if (!editable) return;
    if (drawing.length) {
      setDrawing([]);
      return;
    }
    if (draft && !draft.defectId) {
      resetDraft(null);
      return;
    }
    const ids = selection.length ? selection : draft?.defectId ? [draft.defectId] : [];
    if (!ids.length) return;
    const targets = allDefects.filter((d) => ids.includes(d.defectId));
    void modal.confirm({
      title: t('delete.title', { count: targets.length }),
      content: targets.map((d) => `#${d.defectNo}`).join(', '),
      okText: t('delete.ok'),
      okButtonProps: { danger: true },
      cancelText: t('form.cancel'),
      onOk: async () => {
        for (const d of targets) {
          const r = d.suggested ? await rejectSuggestion(d.defectId) : await deleteDefect(d.defectId);
          if (r.error) {
            void message.error(refusalText(r.error));
            return;
          }
        }
        clearSelection();
        void message.success(t('delete.done', { count: targets.length }));
      },
    });
  }, [
    editable,
    drawing.length,
    draft,
    selection,
    allDefects,
    modal,
    t,
    message,
    resetDraft,
    clearSelection,
    rejectSuggestion,
    deleteDefect,
    locale,
  ]);

  const applyBulk = useCallback(
    async (changes: BulkChanges) => {
      setBulkRefusal(null);
      const r = await bulkUpdate({ defectIds: selection, changes });
      if (r.error) setBulkRefusal(refusalText(r.error, labelingPaths.bulk));
      else void message.success(t('bulk.done', { count: selection.length }));
    },
    [bulkUpdate, selection, message, t, locale],
  );

  const decideOne = useCallback(
    async (id: string, accept: boolean) => {
      const r = accept ? await acceptSuggestion(id) : await rejectSuggestion(id);
      if (r.error) void message.error(refusalText(r.error));
      else if (!accept && selection.includes(id)) clearSelection();
    },
    [acceptSuggestion, rejectSuggestion, message, selection, clearSelection, locale],
  );

  const decideAll = (decision: 'accept' | 'reject') =>
    void modal.confirm({
      title: t(decision === 'accept' ? 'prelabel.acceptAllTitle' : 'prelabel.rejectAllTitle', {
        count: statusQ.data?.pendingSuggestionCount ?? 0,
      }),
      okText: t(decision === 'accept' ? 'prelabel.acceptAll' : 'prelabel.rejectAll'),
      cancelText: t('form.cancel'),
      onOk: async () => {
        const r = await decideSuggestions({ inspectionId, decision });
        if (r.error) void message.error(refusalText(r.error));
        else clearSelection();
      },
    });

  const toggleLabeled = useCallback(async () => {
    if (!editable || !current) return;
    const r = await setImageLabeled({ imageId: current.imageId, labeled: !imageStatus?.labeled });
    if (r.error) void message.error(refusalText(r.error));
  }, [editable, current, imageStatus?.labeled, setImageLabeled, message, locale]);

  const stepImage = useCallback(
    (delta: number) => {
      if (!images.length || !guardDirty()) return;
      const next = Math.min(images.length - 1, Math.max(0, index + delta));
      if (next === index) return;
      setDrawing([]);
      if (!reviewing) clearSelection();
      onImage(images[next]!.imageId);
    },
    [images, index, guardDirty, reviewing, clearSelection, onImage],
  );

  const pickImage = useCallback(
    (id: string) => {
      if (id === current?.imageId || !guardDirty()) return;
      setDrawing([]);
      if (!reviewing) clearSelection();
      onImage(id);
    },
    [current?.imageId, guardDirty, reviewing, clearSelection, onImage],
  );

  const submitLabeling = useCallback(async () => {
    if (!workStage || !guardDirty()) return;
    if (mode === 'prelabel' && (statusQ.data?.pendingSuggestionCount ?? 0) > 0) {
      void message.warning(t('prelabel.undecided', { count: statusQ.data?.pendingSuggestionCount ?? 0 }));
      return;
    }
    if (mode === 'label') {
      const check = await requireLabeled(inspectionId);
      if (check.error) {
        setShowMissing(true);
        void message.error(refusalText(check.error));
        return;
      }
    }
    void modal.confirm({
      title: t(mode === 'prelabel' ? 'submit.prelabelTitle' : 'submit.labelingTitle'),
      content: t('submit.confirm'),
      okText: t('submit.ok'),
      cancelText: t('form.cancel'),
      onOk: async () => {
        let r = await completeStage({ taskId, stage: workStage });
        // Inspection already said every side is labeled; task-flow hears it through an event that
        // may still be on its way after the last mark: ask again for a few seconds before refusing.
        for (let i = 0; i < LABELING_EVENT_RETRIES && r.error && refusalCode(r.error) === 'ALL_SIDES_MUST_BE_LABELED'; i++) {
          await new Promise((resolve) => setTimeout(resolve, LABELING_EVENT_RETRY_MS));
          r = await completeStage({ taskId, stage: workStage });
        }
        if (r.error) void message.error(refusalText(r.error, labelingPaths.complete(taskId, workStage)));
        else onFinished({ kind: mode === 'prelabel' ? 'prelabel' : 'labeling' });
      },
    });
  }, [
    workStage,
    guardDirty,
    mode,
    statusQ.data,
    requireLabeled,
    inspectionId,
    modal,
    t,
    completeStage,
    taskId,
    onFinished,
    message,
    locale,
  ]);

  // ---------------------------------------------------------------- review
  const reviewList = useMemo(() => {
    const order = new Map(images.map((img, i) => [img.imageId, i]));
    return [...visibleDefects].sort(
      (a, b) => (order.get(a.imageId) ?? 1e9) - (order.get(b.imageId) ?? 1e9) || a.defectNo.localeCompare(b.defectNo),
    );
  }, [images, visibleDefects]);
  const reviewIds = useMemo(() => reviewList.map((d) => d.defectId), [reviewList]);
  const storageKey = verdictsKey(taskId, reviewStage ?? 0);
  const [verdicts, setVerdicts] = useState<Record<string, Verdict>>(() => loadVerdicts(localStorage, storageKey));
  useEffect(() => {
    setVerdicts(loadVerdicts(localStorage, storageKey));
  }, [storageKey]);
  const [resultChoice, setResultChoice] = useState<QaStatus | null>(null);
  const [reviewComments, setReviewComments] = useState('');
  const [reviewProblemState, setReviewProblem] = useState<ReviewProblem | null>(null);
  const [reviewRefusal, setReviewRefusal] = useState<string | null>(null);
  const commentRef = useRef<GetRef<typeof Input.TextArea>>(null);
  const counts = reviewCounts(reviewIds, verdicts);
  // Fail is suggested as soon as a defect is rejected, until the reviewer picks a result.
  const result = resultChoice ?? suggestedResult(reviewIds, verdicts);
  const focused = reviewing ? (allDefects.find((d) => d.defectId === selection[0]) ?? null) : null;

  const updateVerdicts = (next: Record<string, Verdict>) => {
    setVerdicts(next);
    setReviewProblem(null);
    localStorage.setItem(storageKey, JSON.stringify(next));
  };
  const decide = (decision: Verdict['decision']) => {
    if (!focused) return;
    updateVerdicts({ ...verdicts, [focused.defectId]: { decision, comment: verdicts[focused.defectId]?.comment ?? '' } });
    if (decision === 'rejected') setTimeout(() => commentRef.current?.focus(), 0);
  };
  const comment = (text: string) => {
    if (!focused || !verdicts[focused.defectId]) return;
    updateVerdicts({ ...verdicts, [focused.defectId]: { ...verdicts[focused.defectId]!, comment: text } });
  };
  const stepDefect = (delta: 1 | -1) => {
    const list = reviewing || listScope === 'all' ? reviewIds : imageDefects.map((d) => d.defectId);
    const id = stepInList(list, selection[0] ?? null, delta);
    const d = id ? allDefects.find((x) => x.defectId === id) : undefined;
    if (d && (reviewing || guardDirty())) openDefect(d);
  };
  const submitReview = async () => {
    if (!reviewStage) return;
    const p = reviewProblem(result, reviewComments, reviewIds, verdicts);
    if (p) {
      setReviewProblem(p);
      if (p.kind === 'rejectComment') {
        const d = allDefects.find((x) => x.defectId === p.defectId);
        if (d) openDefect(d);
      }
      return;
    }
    setReviewRefusal(null);
    const r = await submitQa({ taskId, body: qaBody(reviewStage, result, reviewComments, reviewIds, verdicts) });
    if (r.error) {
      setReviewRefusal(refusalText(r.error, labelingPaths.qa(taskId)));
      return;
    }
    localStorage.removeItem(storageKey);
    onFinished({ kind: 'review', result });
  };

  // ---------------------------------------------------------------- keys
  const setShortcuts = useCallback((m: ShortcutMap) => {
    setShortcutsState(m);
    saveShortcuts(m);
  }, []);
  const onAction = (action: ShortcutAction): boolean => {
    switch (action) {
      case 'help':
        setHelpOpen((o) => !o);
        return true;
      case 'nextImage':
        stepImage(1);
        return true;
      case 'previousImage':
        stepImage(-1);
        return true;
      case 'nextDefect':
        stepDefect(1);
        return true;
      case 'previousDefect':
        stepDefect(-1);
        return true;
      case 'accept':
        if (!reviewing) return false;
        decide('accepted');
        return true;
      case 'reject':
        if (!reviewing) return false;
        decide('rejected');
        return true;
      default:
        break;
    }
    if (!editable) return false;
    switch (action) {
      case 'toolSelect':
        setDrawing([]);
        setTool('select');
        return true;
      case 'toolPolygon':
        // A new defect typed before its outline may be drawn now; other unsaved changes come first.
        if (!(draft && !draft.defectId && !draft.polygon) && !guardDirty()) return true;
        setTool('polygon');
        return true;
      case 'save':
        void save();
        return true;
      case 'delete':
        removeSelected();
        return true;
      case 'undo':
        if (drawing.length) setDrawing((d) => d.slice(0, -1));
        else setHistory((h) => undo(h));
        return true;
      case 'redo':
        setHistory((h) => redo(h));
        return true;
      case 'closePolygon':
        if (!drawing.length) return false;
        finishDrawing();
        return true;
      case 'cancel':
        if (drawing.length) {
          setDrawing([]);
          cursor.set(null);
        } else if (dirty) resetDraft(original);
        else if (selection.length || draft) clearSelection();
        else return false;
        return true;
      case 'markLabeled':
        void toggleLabeled();
        return true;
      default: {
        const level = /^severity([0-5])$/.exec(action);
        if (!level) return false;
        const severity = Number(level[1]);
        if (selection.length > 1) void applyBulk({ severity });
        else if (draft) {
          sealHistory();
          change('severity', severity);
          sealHistory();
        } else return false;
        return true;
      }
    }
  };
  useShortcutKeys(shortcuts, onAction, !capturing && !helpOpen);

  // ---------------------------------------------------------------- drawing
  const polygons: OverlayPolygon[] = useMemo(
    () =>
      imageDefects
        .filter((d) => d.defectId !== draft?.defectId || !editable)
        .map((d) => ({
          id: d.defectId,
          points: d.polygon,
          color: severityFill(d.severity),
          title: d.defectType,
          subtitle: `${d.severity === null ? ti('severity.tbd') : ti('severity.value', { level: d.severity })} · #${d.defectNo}`,
          dashed: d.suggested,
        })),
    [imageDefects, draft?.defectId, editable, ti],
  );
  const overlay = current ? (
    <EditLayer
      transform={transform}
      cursor={cursor}
      drawing={drawing}
      draftPolygon={editable ? (draft?.polygon ?? null) : null}
      color={severityFill(draft?.values.severity ?? null)}
      editable={editable && tool === 'select'}
      width={current.width}
      height={current.height}
      onCommit={commitPolygon}
    />
  ) : null;
  const viewerImage = useMemo(
    () =>
      current
        ? {
            imageId: current.imageId,
            dziUri: current.tileStatus === 'done' ? current.dziUri : null,
            width: current.width,
            height: current.height,
          }
        : null,
    [current],
  );
  const onSelectPolygon = useCallback(
    (id: string, m?: SelectModifiers) => selectDefect(id, !!(m?.shiftKey || m?.ctrlKey || m?.metaKey)),
    [selectDefect],
  );

  if (imagesQ.error) return <LoadError error={imagesQ.error} onRetry={() => void imagesQ.refetch()} />;
  if (defectsQ.error) return <LoadError error={defectsQ.error} onRetry={() => void defectsQ.refetch()} />;
  if (imagesQ.isLoading || defectsQ.isLoading) return <Skeleton active />;
  if (!images.length) return <Empty description={t('images.none')} />;

  const listDefects = listScope === 'all' || reviewing ? reviewList : imageDefects;
  const bulk = editable && selection.length > 1;
  const pending = statusQ.data?.pendingSuggestionCount ?? 0;

  return (
    <div className="lbl-body" data-testid="labeling-workspace" data-mode={mode}>
      <aside className="lbl-left">
        <Filmstrip
          images={images}
          status={statusQ.data}
          currentId={current?.imageId ?? null}
          showMissing={showMissing}
          onPick={pickImage}
        />
      </aside>
      <main className="lbl-center">
        <div className="lbl-toolbar" data-testid="labeling-toolbar">
          <Space size={4}>
            {editable && (
              <>
                <Tooltip title={t('actions.toolSelect')}>
                  <Button
                    icon={<DragOutlined />}
                    type={tool === 'select' ? 'primary' : 'default'}
                    onClick={() => onAction('toolSelect')}
                    data-testid="tool-select"
                    aria-pressed={tool === 'select'}
                  />
                </Tooltip>
                <Tooltip title={t('actions.toolPolygon')}>
                  <Button
                    icon={<AimOutlined />}
                    type={tool === 'polygon' ? 'primary' : 'default'}
                    onClick={() => onAction('toolPolygon')}
                    data-testid="tool-polygon"
                    aria-pressed={tool === 'polygon'}
                  />
                </Tooltip>
                <Tooltip title={t('actions.undo')}>
                  <Button
                    icon={<UndoOutlined />}
                    disabled={!drawing.length && !canUndo(history)}
                    onClick={() => onAction('undo')}
                    data-testid="undo"
                  />
                </Tooltip>
                <Tooltip title={t('actions.redo')}>
                  <Button icon={<RedoOutlined />} disabled={!canRedo(history)} onClick={() => onAction('redo')} data-testid="redo" />
                </Tooltip>
                <Button
                  icon={<CheckSquareOutlined />}
                  type={imageStatus?.labeled ? 'primary' : 'default'}
                  onClick={() => void toggleLabeled()}
                  data-testid="mark-labeled"
                  aria-pressed={!!imageStatus?.labeled}
                >
                  {imageStatus?.labeled ? t('toolbar.labeled') : t('toolbar.markLabeled')}
                </Button>
              </>
            )}
            <Button
              icon={<LeftOutlined />}
              onClick={() => stepImage(-1)}
              disabled={index === 0}
              aria-label={t('actions.previousImage')}
              data-testid="previous-image"
            />
            <Typography.Text data-testid="image-position">
              {t('toolbar.position', { index: index + 1, count: images.length })} · {current?.fileName}
            </Typography.Text>
            <Button
              icon={<RightOutlined />}
              onClick={() => stepImage(1)}
              disabled={index >= images.length - 1}
              aria-label={t('actions.nextImage')}
              data-testid="next-image"
            />
            <Tooltip title={t('actions.help')}>
              <Button icon={<QuestionOutlined />} onClick={() => setHelpOpen(true)} data-testid="open-help" />
            </Tooltip>
          </Space>
        </div>
        <div className="lbl-viewer" data-testid="labeling-viewer" data-tool={tool}>
          <ImageViewer
            image={viewerImage}
            polygons={polygons}
            selectedPolygonIds={selection}
            polygonsInteractive={false}
            onSelectPolygon={onSelectPolygon}
            overlay={overlay}
            onViewer={onViewer}
            onTransform={transform.set}
            height="100%"
          />
          {/* Over the image, not in the toolbar: the viewer must not change size while drawing. */}
          {tool === 'polygon' && editable && (
            <div className="lbl-viewer__hint" data-testid="draw-hint">
              {t('draw.hint')}
            </div>
          )}
          {current && current.tileStatus !== 'done' && (
            <div className="lbl-viewer__wait">{ti(current.tileStatus === 'failed' ? 'images.tilesFailed' : 'images.tilesPending')}</div>
          )}
        </div>
      </main>
      <aside className="lbl-right" data-testid="labeling-panel">
        {mode === 'label' && <QaFindings results={qaQ.data ?? []} defects={allDefects} onPick={(id) => selectDefect(id, false)} />}
        {reviewing ? (
          <>
            <DefectVerdict
              ref={commentRef}
              defect={focused}
              verdict={focused ? verdicts[focused.defectId] : undefined}
              onDecide={decide}
              onComment={comment}
              commentMissing={reviewProblemState?.kind === 'rejectComment' && reviewProblemState.defectId === focused?.defectId}
            />
            <ReviewResult
              counts={counts}
              result={result}
              onResult={setResultChoice}
              comments={reviewComments}
              onComments={(c) => {
                setReviewComments(c);
                setReviewProblem(null);
              }}
              problem={reviewProblemState}
              refusal={reviewRefusal}
              submitting={submitState.isLoading}
              onSubmit={() => void submitReview()}
              disabled={!reviewStage}
            />
          </>
        ) : bulk ? (
          <BulkEditPanel
            count={selection.length}
            templates={templates}
            onApply={(c) => void applyBulk(c)}
            onClear={clearSelection}
            busy={bulkState.isLoading}
            refusal={bulkRefusal}
          />
        ) : (
          <DefectForm
            values={draft?.values ?? newDraft('').values}
            onChange={change}
            onSeal={sealHistory}
            templates={templates}
            bladeLength={bladeLength}
            problem={problem}
            hasPolygon={!!draft?.polygon}
            isNew={!draft?.defectId}
            dirty={dirty}
            readOnly={!editable}
            sizeComputed={!!(pixelSize && draft?.polygon)}
            pixelSize={pixelSize}
            onPixelSize={setPixelSize}
            onSave={() => void save()}
            onCancel={() => onAction('cancel')}
            onDelete={editable && (draft?.defectId || selection.length) ? removeSelected : null}
            saving={createState.isLoading || updateState.isLoading}
          />
        )}
        {refusal && !reviewing && (
          <Typography.Text type="danger" data-testid="save-refusal">
            {refusal}
          </Typography.Text>
        )}
        <Tabs
          size="small"
          activeKey={reviewing ? 'all' : listScope}
          onChange={(k) => setListScope(k as 'image' | 'all')}
          items={[
            ...(reviewing ? [] : [{ key: 'image', label: t('list.thisImage', { count: imageDefects.length }) }]),
            { key: 'all', label: t('list.all', { count: reviewList.length }) },
          ]}
        />
        {mode === 'prelabel' && (
          <Space wrap className="lbl-prelabel" data-testid="prelabel-actions">
            <Typography.Text>{t('prelabel.pending', { count: pending })}</Typography.Text>
            <Button size="small" disabled={!pending || decideState.isLoading} onClick={() => decideAll('accept')} data-testid="accept-all">
              {t('prelabel.acceptAll')}
            </Button>
            <Button
              size="small"
              danger
              disabled={!pending || decideState.isLoading}
              onClick={() => decideAll('reject')}
              data-testid="reject-all"
            >
              {t('prelabel.rejectAll')}
            </Button>
          </Space>
        )}
        <DefectList
          defects={listDefects}
          selection={selection}
          verdicts={reviewing ? verdicts : undefined}
          decide={editable}
          onSelect={selectDefect}
          onAccept={(id) => void decideOne(id, true)}
          onReject={(id) => void decideOne(id, false)}
          busy={acceptState.isLoading || rejectState.isLoading}
        />
        {editable && (
          <Button
            type="primary"
            block
            className="lbl-submit"
            loading={completeState.isLoading}
            onClick={() => void submitLabeling()}
            data-testid="submit-labeling"
          >
            {mode === 'prelabel' ? t('submit.prelabel') : t('submit.labeling')}
          </Button>
        )}
      </aside>
      <ShortcutHelp open={helpOpen} onClose={() => setHelpOpen(false)} map={shortcuts} onChange={setShortcuts} onCapturing={setCapturing} />
    </div>
  );
}
