import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, InputNumber, Space, Table, Typography } from 'antd';
import type { TableProps } from 'antd';
import { ClockCircleOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { TASK_STAGE_ORDER } from '../contracts';
import { MAX_STAGE_MINUTES, MIN_STAGE_MINUTES, changedLimits, errorMessage, minutesText, validMinutes } from '../logic';
import { taskPaths, useTasksOvertimeMutation, useTasksSetTimeLimitsMutation, useTasksTimeLimitsQuery, type StageTimeLimitView } from '../tasksApi';
import { stageLabel } from '../components/StageProgress';

interface LimitsForm {
  minutes: Record<string, number | null>;
}

/**
 * Per-stage time limits (overtime is flagged past them): editable with dataManagement.edit, read
 * only otherwise. Minutes are checked here (1..525600, whole) and again by the server.
 */
export function TimeLimitsPanel({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<LimitsForm>();
  const q = useTasksTimeLimitsQuery();
  const [save, saving] = useTasksSetTimeLimitsMutation();
  const [overtime, checking] = useTasksOvertimeMutation();
  const [refusal, setRefusal] = useState<{ error: unknown; path: string } | null>(null);
  const edited = Form.useWatch('minutes', form);
  const units = { d: t('flow.unitDay'), h: t('flow.unitHour'), m: t('flow.unitMinute') };

  const showSaved = (): void => {
    if (q.data) form.setFields(q.data.map((l) => ({ name: ['minutes', String(l.taskStageType)], value: l.minutes, errors: [] })));
  };
  // The saved limits go into the form each time they load.
  useEffect(showSaved, [q.data]);

  const rows = [...(q.data ?? [])].sort(
    (a, b) => TASK_STAGE_ORDER.indexOf(a.taskStageType as never) - TASK_STAGE_ORDER.indexOf(b.taskStageType as never),
  );
  const changes = q.data && edited ? changedLimits(q.data, edited) : [];

  const submit = async (v: LimitsForm): Promise<void> => {
    if (!q.data) return;
    const limits = changedLimits(q.data, v.minutes);
    if (limits.length === 0) return;
    setRefusal(null);
    const r = await save({ setTimeLimitsDto: { limits } });
    if (r.error) setRefusal({ error: r.error, path: taskPaths.timeLimits });
    else void message.success(t('flow.saved', { n: limits.length }));
  };

  const runCheck = async (): Promise<void> => {
    setRefusal(null);
    const r = await overtime();
    if (r.error) setRefusal({ error: r.error, path: taskPaths.overtimeCheck });
    else void message.success(t('flow.overtimeDone', { n: r.data.overtimeStages }));
  };

  const columns: TableProps<StageTimeLimitView>['columns'] = [
    { key: 'stage', dataIndex: 'taskStageType', title: t('flow.stage'), render: (v: number) => stageLabel(v, locale) },
    {
      key: 'minutes',
      title: t('flow.minutes'),
      render: (_: unknown, l: StageTimeLimitView) =>
        canEdit ? (
          <Form.Item
            name={['minutes', String(l.taskStageType)]}
            style={{ margin: 0 }}
            rules={[
              {
                validator: (_r, v: unknown) =>
                  validMinutes(v)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('flow.minutesRange', { min: MIN_STAGE_MINUTES, max: MAX_STAGE_MINUTES }))),
              },
            ]}
          >
            <InputNumber aria-label={t('flow.minutesOf', { stage: stageLabel(l.taskStageType, locale) })} style={{ width: 160 }} />
          </Form.Item>
        ) : (
          l.minutes
        ),
    },
    {
      key: 'readable',
      title: t('flow.duration'),
      render: (_: unknown, l: StageTimeLimitView) => {
        const v = canEdit ? edited?.[String(l.taskStageType)] : l.minutes;
        return validMinutes(v) ? minutesText(v, units) : '–';
      },
    },
  ];

  return (
    <div data-testid="time-limits">
      <Typography.Paragraph type="secondary">{t('flow.limitsIntro')}</Typography.Paragraph>
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setRefusal(null) }}
          style={{ marginBottom: 8 }}
          data-testid="flow-refusal"
          title={errorMessage(refusal.error, locale, refusal.path)}
        />
      )}
      {q.error && <Alert type="error" showIcon title={errorMessage(q.error, locale, taskPaths.timeLimits)} />}
      <Form form={form} onFinish={(v) => void submit(v)} data-testid="time-limits-form">
        <Table<StageTimeLimitView>
          size="small"
          rowKey="taskStageType"
          data-testid="time-limits-table"
          loading={q.isFetching && !q.data}
          columns={columns}
          dataSource={rows}
          pagination={false}
        />
        {canEdit ? (
          <Space style={{ marginTop: 12 }}>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SaveOutlined />}
              loading={saving.isLoading}
              disabled={changes.length === 0}
              data-testid="time-limits-save"
            >
              {t('flow.save')}
            </Button>
            <Button onClick={showSaved} disabled={changes.length === 0}>
              {t('flow.undo')}
            </Button>
            <Button
              icon={<ClockCircleOutlined />}
              loading={checking.isLoading}
              onClick={() => void runCheck()}
              data-testid="overtime-check"
            >
              {t('flow.overtimeCheck')}
            </Button>
          </Space>
        ) : (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }} data-testid="time-limits-readonly">
            {t('flow.readOnly')}
          </Typography.Paragraph>
        )}
      </Form>
    </div>
  );
}
