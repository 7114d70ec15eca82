import { MissingTask } from '../common/ToolNavigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Modal, Skeleton, message, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import type { ApiError } from '@/core/api/baseQuery';
import { useAppDispatch, useAppSelector } from '@/core/store';
import { currentLocale } from '@/core/i18n';
import { useLocale } from '@/shared/useLocale';
import { errorMessageOf } from '@/core/api/errorMessage';
import { LoadFailedAlert } from '@/shared/components/LoadFailedAlert';
import { imageHeaders } from '@/shared/viewer/authedFetch';
import {
  StageClosedNotice,
  useStageWindow,
  useTasksCompleteMutation,
  useTasksGetQuery,
  useTasksPickMutation,
  useTasksSpentTimeMutation,
} from '@/features/tasks';
import { TaskStageStatus } from './contracts';
import {
  committedBy,
  initState,
  pathsToSave,
  rebase,
  saveBody,
  selection,
  shiftFocused,
  shiftToPath,
  stepImage,
  stepPath,
  toggleActive,
} from './model';
import { Preview } from './Preview';
import { Toolbar } from './Toolbar';
import { SarStoreContext, createSarStore, type SarStore } from './store';
import { clearImageCache } from './thumbs';
import { SpentTimer } from './spentTime';
import { pathTitle } from './labels';
import {
  sarPaths,
  sortAndRemoveApi,
  useImagesRemoveMutation,
  usePathsSaveMutation,
  usePathsTaskQuery,
  type SarData,
  type SarTask,
} from './sortAndRemoveApi';
import './sortAndRemove.css';
import { Done, Header, STAGE, Strips } from './WorkbenchParts';

const WORKING = [TaskStageStatus.PROCESSING, TaskStageStatus.OVERTIME] as number[];
const SAR_STAGES: readonly number[] = [STAGE];

/** A refusal (the server answered) rather than a failed connection. */
const isRefusal = (e: unknown) => typeof (e as ApiError | undefined)?.status === 'number';

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable;
}

/** The tool once the task and the inspection's paths are loaded. */
function Workbench({ task, data, onDone, onReloadData }: { task: SarTask; data: SarData; onDone: () => void; onReloadData: () => void }) {
  const { t } = useTranslation('sortAndRemove');
  const locale = useLocale();
  const dispatch = useAppDispatch();
  const me = useAppSelector((s) => s.session.personalInfo?.id ?? null);
  const [store] = useState<SarStore>(() => createSarStore(initState(data)));
  const [savePath] = usePathsSaveMutation();
  const [deleteImage] = useImagesRemoveMutation();
  const [reportSpent] = useTasksSpentTimeMutation();
  const [complete, completing] = useTasksCompleteMutation();
  const [pick, picking] = useTasksPickMutation();
  const [savingPath, setSavingPath] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [unsaved, setUnsaved] = useState<string[] | null>(null);
  // Submitting ends the stage for good: asked first, like labeling's submit.
  const [confirmSubmit, setConfirmSubmit] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<string[] | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);

  const stage = task.stages.find((s) => s.taskStageType === STAGE);
  const isCurrent = task.taskStageTypes[0] === STAGE;
  const canWork = !!stage && isCurrent && WORKING.includes(stage.status) && !!me && stage.handlerId === me;
  const canPick = !!stage && isCurrent && stage.status === TaskStageStatus.READY && !stage.handlerId;
  const readOnly = !canWork;
  // Live: once the stage is completed (in another window, or by someone else) Submit is disabled and the notice says why.
  const { closedStage, live } = useStageWindow(task, SAR_STAGES);
  // Spent time shown = what the server had when the page opened + what this page counted.
  const spentBase = useRef(stage?.spentSeconds ?? 0).current;

  useEffect(() => store.update((s) => rebase(s, data)), [store, data]);
  useEffect(() => clearImageCache, []);

  // One timer per task while the caller works on it (the latest mutation trigger through a ref).
  const reportRef = useRef(reportSpent);
  reportRef.current = reportSpent;
  const timer = useMemo(() => {
    if (!canWork) return null;
    return new SpentTimer(
      async (seconds) => {
        try {
          await reportRef.current({ id: task.taskId, stage: STAGE, spentTimeDto: { seconds } }).unwrap();
          return true;
        } catch (e) {
          if (isRefusal(e)) return false;
          throw e;
        }
      },
      (seconds) => {
        // The page is going away: a keep-alive request still carries the token.
        void fetch(sarPaths.spentTime(task.taskId, STAGE), {
          method: 'POST',
          keepalive: true,
          headers: { ...imageHeaders(), 'Content-Type': 'application/json', locale: currentLocale() },
          body: JSON.stringify({ seconds }),
        }).catch(() => undefined);
      },
    );
  }, [canWork, task.taskId]);
  useEffect(() => {
    if (!timer) return;
    timer.start();
    return () => {
      void timer.flush();
      timer.stop();
    };
  }, [timer]);

  const titleOf = useCallback((p: string) => pathTitle(store.get().paths[p]!, locale, t), [store, locale, t]);

  const onSave = useCallback(
    async (pathGuid: string) => {
      if (readOnly) return;
      const body = saveBody(store.get(), pathGuid);
      setSavingPath(pathGuid);
      try {
        const next = await savePath({ id: data.inspectionId, pathGuid, savePathDto: { images: body } }).unwrap();
        store.update((s) => rebase(s, next, committedBy(body)));
        dispatch(sortAndRemoveApi.util.upsertQueryData('pathsTask', { id: data.inspectionId }, next));
        setError(null);
        void message.success(t('messages.saved', { path: titleOf(pathGuid) }));
      } catch (e) {
        setError(errorMessageOf(e as ApiError, locale));
      } finally {
        setSavingPath(null);
      }
    },
    [readOnly, store, savePath, data.inspectionId, dispatch, t, titleOf, locale],
  );

  const askDelete = useCallback(() => {
    if (readOnly) return;
    const ids = selection(store.get());
    if (ids.length) setConfirmDelete(ids);
  }, [readOnly, store]);

  const doDelete = async () => {
    const ids = confirmDelete ?? [];
    setDeleting(true);
    let failed: string | null = null;
    for (const imageId of ids) {
      try {
        await deleteImage({ imageId }).unwrap();
      } catch (e) {
        failed = errorMessageOf(e as ApiError, locale);
        break;
      }
    }
    setDeleting(false);
    setConfirmDelete(null);
    setError(failed);
    onReloadData();
  };

  const askSubmit = () => {
    const open = pathsToSave(store.get());
    if (open.length) return setUnsaved(open);
    setConfirmSubmit(true);
  };

  const submit = async () => {
    setConfirmSubmit(false);
    try {
      await timer?.flush();
      await complete({ id: task.taskId, stage: STAGE }).unwrap();
      timer?.halt();
      onDone();
    } catch (e) {
      setError(errorMessageOf(e as ApiError, locale));
    }
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || confirmDelete || unsaved || confirmSubmit) return;
      // Space on a focused button presses that button; it must not also toggle the selection.
      if (e.key === ' ' && (e.target as HTMLElement | null)?.closest?.('button')) return;
      const ctrl = e.ctrlKey || e.metaKey;
      if (ctrl && e.key.toLowerCase() === 's') {
        e.preventDefault();
        const p = store.get().focusPath;
        if (p) void onSave(p);
        return;
      }
      if (e.key === '?') return setHelpOpen((o) => !o);
      const act = (fn: Parameters<SarStore['update']>[0]) => {
        e.preventDefault();
        store.update(fn);
      };
      switch (e.key) {
        case 'ArrowLeft':
          return e.altKey ? !readOnly && act((s) => shiftFocused(s, -1)) : act((s) => stepImage(s, -1));
        case 'ArrowRight':
          return e.altKey ? !readOnly && act((s) => shiftFocused(s, 1)) : act((s) => stepImage(s, 1));
        case 'ArrowUp':
          return e.altKey ? !readOnly && act((s) => shiftToPath(s, -1)) : act((s) => stepPath(s, -1));
        case 'ArrowDown':
          return e.altKey ? !readOnly && act((s) => shiftToPath(s, 1)) : act((s) => stepPath(s, 1));
        case ' ':
          return !readOnly && act((s) => toggleActive(s, selection(s)));
        case 'Delete':
          e.preventDefault();
          return askDelete();
        default:
          return undefined;
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [store, onSave, askDelete, readOnly, confirmDelete, unsaved, confirmSubmit]);

  return (
    <SarStoreContext.Provider value={store}>
      <Header
        data={data}
        spentBase={spentBase}
        timer={timer}
        onSubmit={askSubmit}
        submitting={completing.isLoading}
        canWork={canWork}
        help={{ open: helpOpen, set: setHelpOpen }}
        live={live}
      />
      {closedStage !== null && <StageClosedNotice stage={closedStage} />}
      {!canWork && closedStage === null && (
        <Alert
          type="warning"
          showIcon
          data-testid="sar-read-only"
          title={
            canPick
              ? t('readOnly.pickFirst')
              : isCurrent
                ? t('readOnly.notHandler', { name: stage?.handlerName ?? '–' })
                : t('readOnly.notCurrent')
          }
          action={
            canPick ? (
              <Button
                size="small"
                type="primary"
                loading={picking.isLoading}
                onClick={() =>
                  void pick({ id: task.taskId })
                    .unwrap()
                    .catch((e) => setError(errorMessageOf(e as ApiError, locale)))
                }
                data-testid="sar-pick"
              >
                {t('readOnly.pick')}
              </Button>
            ) : undefined
          }
        />
      )}
      {error && <Alert type="error" showIcon closable onClose={() => setError(null)} title={error} data-testid="sar-error" />}
      <Toolbar
        readOnly={readOnly}
        onDelete={askDelete}
        saving={savingPath !== null}
        onSaveCurrent={() => store.get().focusPath && void onSave(store.get().focusPath!)}
      />
      <div className="sar-body">
        <Strips readOnly={readOnly} savingPath={savingPath} onSave={(p) => void onSave(p)} />
        <Preview />
      </div>
      <Modal
        open={confirmDelete !== null}
        title={t('delete.title', { count: confirmDelete?.length ?? 0 })}
        okText={t('delete.ok')}
        cancelText={t('delete.cancel')}
        okButtonProps={{ danger: true, loading: deleting, 'data-testid': 'sar-delete-ok' } as ButtonProps}
        onOk={() => void doDelete()}
        onCancel={() => setConfirmDelete(null)}
      >
        <p data-testid="sar-delete-confirm">{t('delete.body')}</p>
      </Modal>
      <Modal
        open={confirmSubmit}
        title={t('submitConfirm.title')}
        okText={t('submitConfirm.ok')}
        cancelText={t('submitConfirm.cancel')}
        okButtonProps={{ 'data-testid': 'sar-submit-ok' } as ButtonProps}
        onOk={() => void submit()}
        onCancel={() => setConfirmSubmit(false)}
        destroyOnHidden
      >
        <p data-testid="sar-submit-confirm">{t('submitConfirm.body')}</p>
      </Modal>
      <Modal
        open={unsaved !== null}
        title={t('unsaved.title')}
        okText={t('unsaved.ok')}
        cancelButtonProps={{ style: { display: 'none' } }}
        onOk={() => setUnsaved(null)}
        onCancel={() => setUnsaved(null)}
      >
        <div data-testid="sar-unsaved-warning">
          <p>{t('unsaved.body')}</p>
          <ul>
            {(unsaved ?? []).map((p) => (
              <li key={p}>{titleOf(p)}</li>
            ))}
          </ul>
        </div>
      </Modal>
    </SarStoreContext.Provider>
  );
}

function TaskTool({ taskId }: { taskId: string }) {
  const { t } = useTranslation('sortAndRemove');
  const [done, setDone] = useState(false);
  const task = useTasksGetQuery({ id: taskId });
  const inspectionId = task.data?.inspectionId ?? null;
  const data = usePathsTaskQuery(inspectionId ? { id: inspectionId } : skipToken);
  if (done) return <Done />;
  const failed = task.error ?? data.error;
  if (failed) {
    return (
      <LoadFailedAlert
        error={failed}
        title={t('loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void (task.error ? task.refetch() : data.refetch())}
        testId="sar-load-error"
      />
    );
  }
  if (task.data && !inspectionId) return <Alert type="info" showIcon title={t('noInspection')} data-testid="sar-no-inspection" />;
  if (!task.data || !data.data) return <Skeleton active />;
  return <Workbench task={task.data} data={data.data} onDone={() => setDone(true)} onReloadData={() => void data.refetch()} />;
}

/** /sortAndRemove?taskId=…: the standalone sort-and-remove tool of a task (SPEC §2, §3). */
export function Component() {
  const [params] = useSearchParams();
  const taskId = params.get('taskId');
  return (
    <div className="sar" data-testid="page-sortAndRemove">
      {taskId ? <TaskTool taskId={taskId} /> : <MissingTask testId="sar-missing-task" />}
    </div>
  );
}
