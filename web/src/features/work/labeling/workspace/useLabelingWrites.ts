import { useCallback, useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@/core/api/baseQuery';
import { errorMessageOf } from '@/core/api/errorMessage';
import { useLocale } from '@/shared/useLocale';
import { errorText } from '../contracts';
import { draftBody, draftFromDefect, draftProblem } from '../draft';
import { clearDraft, draftKey } from '../draftStore';
import { useTasksCompleteMutation } from '@/features/tasks';
import {
  useDefectsAcceptAllMutation,
  useDefectsAcceptMutation,
  useDefectsBulkMutation,
  useDefectsCreateMutation,
  useDefectsRejectAllMutation,
  useDefectsRejectMutation,
  useDefectsRemoveMutation,
  useDefectsSetLabeledMutation,
  useDefectsUpdateMutation,
  useLabelingRequireLabeledMutation,
  labelingPaths,
  type BulkChanges,
} from '../labelingApi';
import type { LabelingDefect } from '../labelingApi';
import type { Finished, LabelingMode } from './types';
import type { DraftEditing } from './useDraftEditing';
import type { WorkspaceData } from './useWorkspaceData';

/** Retries of the labeling stage's completion while task-flow has not yet heard the last labeled side. */
const LABELING_EVENT_RETRIES = 4;
const LABELING_EVENT_RETRY_MS = 750;
const refusalCode = (e: unknown) => ((e as ApiError).data as { code?: unknown } | undefined)?.code;

/** The text of a refused call in the chosen language (catalogue lookup, see errorMessageOf). */
export function useRefusalText() {
  const locale = useLocale();
  return (e: unknown, path?: string) => errorMessageOf(e as ApiError, locale, path);
}

/**
 * The labeler's writes: save and delete defects, bulk edits, suggestion decisions, the image's
 * "labeled" mark, and submitting the stage.
 */
export function useLabelingWrites({
  taskId,
  inspectionId,
  mode,
  workStage,
  onFinished,
  data,
  editing,
}: {
  taskId: string;
  inspectionId: string;
  mode: LabelingMode;
  workStage: number | null;
  onFinished: (f: Finished) => void;
  data: WorkspaceData;
  editing: DraftEditing;
}) {
  const { t } = useTranslation('labeling');
  const locale = useLocale();
  const { message, modal } = App.useApp();
  const refusalText = useRefusalText();
  const { current, allDefects, bladeLength, imageStatus, statusQ } = data;
  const { editable, draft, drawing, selection, setDrawing, setSelection, setProblem, setRefusal, resetDraft, clearSelection, guardDirty } =
    editing;

  const [createDefect, createState] = useDefectsCreateMutation();
  const [updateDefect, updateState] = useDefectsUpdateMutation();
  const [deleteDefect] = useDefectsRemoveMutation();
  const [bulkUpdate, bulkState] = useDefectsBulkMutation();
  const [acceptSuggestion, acceptState] = useDefectsAcceptMutation();
  const [rejectSuggestion, rejectState] = useDefectsRejectMutation();
  const [acceptAll, acceptAllState] = useDefectsAcceptAllMutation();
  const [rejectAll, rejectAllState] = useDefectsRejectAllMutation();
  const [setImageLabeled] = useDefectsSetLabeledMutation();
  const [requireLabeled] = useLabelingRequireLabeledMutation();
  const [completeStage, completeState] = useTasksCompleteMutation();

  const [bulkRefusal, setBulkRefusal] = useState<string | null>(null);
  const [showMissing, setShowMissing] = useState(false);

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
    const body = draftBody(draft);
    const r = draft.defectId
      ? await updateDefect({ defectId: draft.defectId, updateDefectDto: body })
      : await createDefect({ id: inspectionId, createDefectDto: body });
    if (r.error) {
      setRefusal(refusalText(r.error));
      void message.error(refusalText(r.error));
      return;
    }
    // The next keys are shortcuts again (severity, next image…), not typing in the last field.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    const saved: LabelingDefect = { ...r.data, suggested: r.data.suggested === true };
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
          const r = d.suggested ? await rejectSuggestion({ defectId: d.defectId }) : await deleteDefect({ defectId: d.defectId });
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
      const r = await bulkUpdate({ bulkUpdateDto: { defectIds: selection, changes } });
      if (r.error) setBulkRefusal(refusalText(r.error, labelingPaths.bulk));
      else void message.success(t('bulk.done', { count: selection.length }));
    },
    [bulkUpdate, selection, message, t, locale],
  );

  const decideOne = useCallback(
    async (id: string, accept: boolean) => {
      const r = accept ? await acceptSuggestion({ defectId: id }) : await rejectSuggestion({ defectId: id });
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
        const all = { id: inspectionId, suggestionsDto: {} };
        const r = decision === 'accept' ? await acceptAll(all) : await rejectAll(all);
        if (r.error) void message.error(refusalText(r.error));
        else clearSelection();
      },
    });

  const toggleLabeled = useCallback(async () => {
    if (!editable || !current) return;
    const r = await setImageLabeled({ imageId: current.imageId, labeledDto: { labeled: !imageStatus?.labeled } });
    if (r.error) void message.error(refusalText(r.error));
  }, [editable, current, imageStatus?.labeled, setImageLabeled, message, locale]);

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
        let r = await completeStage({ id: taskId, stage: workStage });
        // Inspection already said every side is labeled; task-flow hears it through an event that
        // may still be on its way after the last mark: ask again for a few seconds before refusing.
        for (let i = 0; i < LABELING_EVENT_RETRIES && r.error && refusalCode(r.error) === 'ALL_SIDES_MUST_BE_LABELED'; i++) {
          await new Promise((resolve) => setTimeout(resolve, LABELING_EVENT_RETRY_MS));
          r = await completeStage({ id: taskId, stage: workStage });
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

  return {
    save,
    removeSelected,
    applyBulk,
    decideOne,
    decideAll,
    toggleLabeled,
    submitLabeling,
    bulkRefusal,
    showMissing,
    saving: createState.isLoading || updateState.isLoading,
    bulkBusy: bulkState.isLoading,
    deciding: acceptState.isLoading || rejectState.isLoading,
    decidingAll: acceptAllState.isLoading || rejectAllState.isLoading,
    completing: completeState.isLoading,
  };
}
