import { useState } from 'react';
import { App, Button, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { TaskStageStatus, TaskStatus } from '../contracts';
import { AUTOMATIC_STAGES, errorMessage } from '../logic';
import { taskPaths, useTasksReleaseMutation, useTasksRetryMutation, useTasksSetStatusMutation, type TaskView } from '../tasksApi';
import { stageLabel } from '../components/StageProgress';
import { AssignHandlerModal } from './AssignHandlerModal';

/** What the admin actions need to know of a row (a task item or a stage-center row). */
export interface AdminTarget {
  taskId: string;
  turbineName: string;
  /** The current stage and its status. */
  stage: number | null;
  stageStatus: number | null;
  /** Someone holds the current stage. */
  held: boolean;
  /** The task status when the row knows it. */
  taskStatus?: number | null;
}

/** A task item as an admin target. */
export const taskAdminTarget = (task: TaskView): AdminTarget => ({
  taskId: task.taskId,
  turbineName: task.turbineName ?? '',
  stage: task.taskStageTypes[0] ?? null,
  stageStatus: task.taskStageStatus,
  held: task.handlebyIds.length > 0,
  taskStatus: task.taskStatusType,
});

const FINAL: readonly number[] = [TaskStatus.COMPLETED, TaskStatus.TERMINATED, TaskStatus.INACTIVE];
const ASSIGNABLE: readonly number[] = [TaskStageStatus.READY, TaskStageStatus.PROCESSING, TaskStageStatus.OVERTIME];

/** dataManagement.edit actions on a row: assign/reassign, release, retry a stage in error, terminate / set inactive (confirmed). */
export function AdminActions({ target }: { target: AdminTarget }) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const { modal, message } = App.useApp();
  const [assigning, setAssigning] = useState(false);
  const [release] = useTasksReleaseMutation();
  const [retry] = useTasksRetryMutation();
  const [setStatus] = useTasksSetStatusMutation();
  const { taskId, turbineName: name, stage, stageStatus } = target;
  const final = target.taskStatus != null && FINAL.includes(target.taskStatus);
  const manual = stage != null && !AUTOMATIC_STAGES.includes(stage);

  /** Runs a confirmed write; a refusal is shown translated (the server's catalogue code). */
  const run = async (write: () => Promise<{ error?: unknown }>, path: string, done: string): Promise<void> => {
    const r = await write();
    if (r.error) void message.error(errorMessage(r.error, locale, path));
    else void message.success(done);
  };

  const confirm = (title: string, content: string, danger: boolean, onOk: () => Promise<void>): void => {
    void modal.confirm({ title, content, okButtonProps: { danger }, okText: t('admin.confirm'), cancelText: t('admin.cancel'), onOk });
  };

  const items: NonNullable<MenuProps['items']> = [
    manual && !final && stageStatus != null && ASSIGNABLE.includes(stageStatus)
      ? { key: 'assign', label: target.held ? t('admin.reassign') : t('admin.assign'), onClick: () => setAssigning(true) }
      : null,
    target.held && !final
      ? {
          key: 'release',
          label: t('admin.release'),
          onClick: () =>
            confirm(t('admin.releaseTitle', { name }), t('admin.releaseText'), false, () =>
              run(() => release({ id: taskId }), taskPaths.release(taskId), t('actions.released', { name })),
            ),
        }
      : null,
    stage != null && stageStatus === TaskStageStatus.ERROR
      ? {
          key: 'retry',
          label: t('admin.retry', { stage: stageLabel(stage, locale) }),
          onClick: () =>
            confirm(t('admin.retryTitle', { name, stage: stageLabel(stage, locale) }), t('admin.retryText'), false, () =>
              run(() => retry({ id: taskId, stage }), taskPaths.retry(taskId, stage), t('admin.retried', { name })),
            ),
        }
      : null,
    !final ? { type: 'divider' as const } : null,
    !final
      ? {
          key: 'terminate',
          danger: true,
          label: t('admin.terminate'),
          onClick: () =>
            confirm(t('admin.terminateTitle', { name }), t('admin.finalText'), true, () =>
              run(() => setStatus({ id: taskId, setTaskStatusDto: { status: TaskStatus.TERMINATED } }), taskPaths.status(taskId), t('admin.terminated', { name })),
            ),
        }
      : null,
    !final
      ? {
          key: 'inactive',
          danger: true,
          label: t('admin.inactive'),
          onClick: () =>
            confirm(t('admin.inactiveTitle', { name }), t('admin.finalText'), true, () =>
              run(() => setStatus({ id: taskId, setTaskStatusDto: { status: TaskStatus.INACTIVE } }), taskPaths.status(taskId), t('admin.inactivated', { name })),
            ),
        }
      : null,
  ].filter((i) => i != null);
  if (items[0]?.type === 'divider') items.shift();

  if (items.length === 0) return null;
  return (
    <>
      <Dropdown menu={{ items }} trigger={['click']}>
        <Button type="link" size="small" aria-label={t('admin.manageOf', { name })}>
          {t('admin.manage')} <DownOutlined />
        </Button>
      </Dropdown>
      <AssignHandlerModal taskId={assigning ? taskId : null} turbineName={name} onClose={() => setAssigning(false)} />
    </>
  );
}
