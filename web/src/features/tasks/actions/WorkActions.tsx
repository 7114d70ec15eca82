import { useState } from 'react';
import { Alert, App, Button, Col, Form, Input, InputNumber, Modal, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { openInNewWindow } from '@/shared/utils/windowOpen';
import { useLocale } from '@/shared/useLocale';
import { QA_STATUS_LABELS, QaStatus, TaskStage, errorText, labelOf } from '../contracts';
import { errorMessage, isReviewStage, workTarget } from '../logic';
import {
  taskPaths,
  useQaSubmitMutation,
  useReinspectionRequestMutation,
  useTasksCompleteMutation,
  type ChangeCountsView,
  type SubmitQaDto,
  type TaskView,
} from '../tasksApi';
import { stageLabel } from '../components/StageProgress';

const COUNT_KEYS = ['added', 'deleted', 'modified', 'correct'] as const;

interface QaFormValues {
  result?: SubmitQaDto['result'];
  comments?: string;
  added?: number | null;
  deleted?: number | null;
  modified?: number | null;
  correct?: number | null;
}

/** The QA / FQA result of the review stage the caller holds: pass, pass with issue, fail (reasons required), optional counts. */
function QaResultModal({ task, onClose }: { task: TaskView | null; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<QaFormValues>();
  const [refusal, setRefusal] = useState<unknown>(null);
  const [submit, submitting] = useQaSubmitMutation();
  const result = Form.useWatch('result', form);
  const stage = task?.taskStageTypes[0];

  const send = async (v: QaFormValues): Promise<void> => {
    if (!task || v.result == null) return;
    setRefusal(null);
    const given = COUNT_KEYS.some((k) => v[k] != null);
    const counts = given ? (Object.fromEntries(COUNT_KEYS.map((k) => [k, v[k] ?? 0])) as unknown as ChangeCountsView) : undefined;
    const r = await submit({ id: task.taskId, submitQaDto: { result: v.result, comments: v.comments?.trim() || undefined, stage, counts } });
    if (r.error) setRefusal(r.error);
    else {
      void message.success(t('qa.saved', { name: task.turbineName ?? '' }));
      onClose();
    }
  };

  return (
    <Modal
      open={!!task}
      title={t('qa.title', { name: task?.turbineName ?? '', stage: stage != null ? stageLabel(stage, locale) : '' })}
      okText={t('qa.submit')}
      cancelText={t('admin.cancel')}
      confirmLoading={submitting.isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => setRefusal(null)}
    >
      <Form form={form} layout="vertical" onFinish={(v) => void send(v)} data-testid="qa-form" preserve={false}>
        <Form.Item name="result" label={t('qa.result')} rules={[{ required: true, message: t('qa.resultRequired') }]}>
          <Radio.Group
            options={[QaStatus.PASS, QaStatus.PASS_WITH_ISSUE, QaStatus.FAIL].map((v) => ({
              value: v,
              label: labelOf(QA_STATUS_LABELS, v, locale),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="comments"
          label={t('qa.comments')}
          dependencies={['result']}
          rules={[
            // Read at validation time, so a "Fail" chosen just before saving is never missed.
            ({ getFieldValue }) => ({
              validator: (_r, v: string | undefined) =>
                getFieldValue('result') === QaStatus.FAIL && !v?.trim()
                  ? Promise.reject(new Error(errorText('QA_FAIL_REASON_REQUIRED', locale)))
                  : Promise.resolve(),
            }),
            { max: 4000, message: t('qa.commentsTooLong') },
          ]}
          required={result === QaStatus.FAIL}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
        <Row gutter={8}>
          {COUNT_KEYS.map((k) => (
            <Col span={6} key={k}>
              <Form.Item name={k} label={t(`qa.counts.${k}`)}>
                <InputNumber min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
      {refusal != null && (
        <Alert type="error" showIcon data-testid="qa-refusal" title={errorMessage(refusal, locale, taskPaths.qa(task?.taskId ?? ''))} />
      )}
    </Modal>
  );
}

/** The labeler asks for the turbine to be inspected again (reasons required); an approver decides. */
function ReinspectionModal({ task, onClose }: { task: TaskView | null; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ requestComments: string; sourceUrl?: string }>();
  const [refusal, setRefusal] = useState<unknown>(null);
  const [request, requesting] = useReinspectionRequestMutation();

  const send = async (v: { requestComments: string; sourceUrl?: string }): Promise<void> => {
    if (!task) return;
    setRefusal(null);
    const r = await request({
      id: task.taskId,
      requestReinspectionDto: { requestComments: v.requestComments.trim(), sourceUrl: v.sourceUrl?.trim() || undefined },
    });
    if (r.error) setRefusal(r.error);
    else {
      void message.success(t('reinspection.sent', { name: task.turbineName ?? '' }));
      onClose();
    }
  };

  return (
    <Modal
      open={!!task}
      title={t('reinspection.title', { name: task?.turbineName ?? '' })}
      okText={t('reinspection.submit')}
      cancelText={t('admin.cancel')}
      confirmLoading={requesting.isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => setRefusal(null)}
    >
      <Form form={form} layout="vertical" onFinish={(v) => void send(v)} data-testid="reinspection-form" preserve={false}>
        <Form.Item
          name="requestComments"
          label={t('reinspection.comments')}
          rules={[
            { required: true, whitespace: true, message: t('reinspection.commentsRequired') },
            { max: 2000, message: t('qa.commentsTooLong') },
          ]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="sourceUrl" label={t('reinspection.sourceUrl')} rules={[{ max: 2048, message: t('qa.commentsTooLong') }]}>
          <Input />
        </Form.Item>
      </Form>
      {refusal != null && (
        <Alert
          type="error"
          showIcon
          data-testid="reinspection-refusal"
          title={errorMessage(refusal, locale, taskPaths.reinspection(task?.taskId ?? ''))}
        />
      )}
    </Modal>
  );
}

/**
 * My tasks: open the work tool of the current stage in a new tab (through /middlePage/windowOpen),
 * record a QA result on review stages, ask for re-inspection while labeling, finish the timeline
 * stage (read on the turbine page, which has no completion of its own).
 */
export function WorkActions({ task }: { task: TaskView }) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const { modal, message } = App.useApp();
  const [qaOf, setQaOf] = useState<TaskView | null>(null);
  const [reinspectionOf, setReinspectionOf] = useState<TaskView | null>(null);
  const [complete] = useTasksCompleteMutation();
  const stage = task.taskStageTypes[0];
  const target = workTarget(task);
  const name = task.turbineName ?? '';

  return (
    <>
      {target && (
        <Button type="link" size="small" aria-label={t('work.openOf', { name })} onClick={() => openInNewWindow(target)}>
          {t('work.open')}
        </Button>
      )}
      {isReviewStage(stage) && (
        <Button type="link" size="small" aria-label={t('qa.openOf', { name })} onClick={() => setQaOf(task)}>
          {t('qa.open')}
        </Button>
      )}
      {stage === TaskStage.LABELING && (
        <Button type="link" size="small" aria-label={t('reinspection.openOf', { name })} onClick={() => setReinspectionOf(task)}>
          {t('reinspection.open')}
        </Button>
      )}
      {stage === TaskStage.TIMELINE && (
        <Button
          type="link"
          size="small"
          aria-label={t('work.completeOf', { name })}
          onClick={() =>
            void modal.confirm({
              title: t('work.completeTitle', { name, stage: stageLabel(stage, locale) }),
              okText: t('admin.confirm'),
              cancelText: t('admin.cancel'),
              onOk: async () => {
                const r = await complete({ id: task.taskId, stage });
                if (r.error) void message.error(errorMessage(r.error, locale, taskPaths.complete(task.taskId, stage)));
                else void message.success(t('work.completed', { name }));
              },
            })
          }
        >
          {t('work.complete')}
        </Button>
      )}
      <QaResultModal task={qaOf} onClose={() => setQaOf(null)} />
      <ReinspectionModal task={reinspectionOf} onClose={() => setReinspectionOf(null)} />
    </>
  );
}
