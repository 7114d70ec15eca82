import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, App, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { errorMessage } from '../logic';
import { taskPaths, useTaskHandlersQuery, useTasksAssignMutation, useTasksGetQuery, type UserOption } from '../tasksApi';

export const userLabel = (u: UserOption): string =>
  u.displayName && u.displayName !== u.username ? `${u.displayName} (${u.username})` : u.username;

/** Assign or reassign the current stage of a task to a task handler (identity's users holding qa.edit who work on its customer). */
export function AssignHandlerModal({ taskId, turbineName, onClose }: { taskId: string | null; turbineName: string; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [userId, setUserId] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<unknown>(null);
  // Only people who work on the task's customer and park are offered (the server refuses others).
  const task = useTasksGetQuery(taskId ? { id: taskId } : skipToken);
  const handlers = useTaskHandlersQuery(
    { keyword: keyword.trim(), customerId: task.data?.customerId, windFarmId: task.data?.windFarmId },
    { skip: !taskId || !task.data },
  );
  const [assign, assigning] = useTasksAssignMutation();

  const close = (): void => {
    setUserId(undefined);
    setKeyword('');
    setRefusal(null);
    onClose();
  };

  const submit = async (): Promise<void> => {
    if (!taskId || !userId) return;
    setRefusal(null);
    const r = await assign({ id: taskId, assignHandlerDto: { userId } });
    if (r.error) setRefusal(r.error);
    else {
      const who = handlers.data?.find((u) => u.userId === userId);
      void message.success(t('admin.assigned', { name: turbineName, user: who ? userLabel(who) : '' }));
      close();
    }
  };

  return (
    <Modal
      open={!!taskId}
      title={t('admin.assignTitle', { name: turbineName })}
      okText={t('admin.assignOk')}
      okButtonProps={{ disabled: !userId }}
      confirmLoading={assigning.isLoading}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      <div data-testid="assign-dialog">
        <Form layout="vertical">
          <Form.Item label={t('admin.handler')} htmlFor="assign-handler">
            <Select
              id="assign-handler"
              showSearch={{ filterOption: false, onSearch: setKeyword }}
              value={userId}
              onChange={setUserId}
              loading={handlers.isFetching || task.isFetching}
              placeholder={t('admin.handlerPlaceholder')}
              notFoundContent={handlers.isFetching ? null : t('admin.noHandler')}
              options={(handlers.data ?? []).map((u) => ({ value: u.userId, label: userLabel(u) }))}
            />
          </Form.Item>
        </Form>
        {refusal != null && (
          <Alert
            type="error"
            showIcon
            data-testid="assign-refusal"
            title={errorMessage(refusal, locale, taskPaths.handler(taskId ?? ''))}
          />
        )}
      </div>
    </Modal>
  );
}
