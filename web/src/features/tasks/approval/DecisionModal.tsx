import { useState } from 'react';
import { Alert, App, Button, Descriptions, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { errorText } from '../contracts';
import { errorMessage, formatTime } from '../logic';
import { taskPaths, useReinspectionApproveMutation, type ApprovalTaskView } from '../tasksApi';

/**
 * Approve or reject a re-inspection request. Reasons are required: the form says so before
 * anything is sent (the catalogue's REINSPECTION_REASON_REQUIRED text), and a refusal of the
 * server is shown translated as well.
 */
export function DecisionModal({ request, onClose }: { request: ApprovalTaskView | null; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ processComments: string }>();
  const [refusal, setRefusal] = useState<unknown>(null);
  const [decide, deciding] = useReinspectionApproveMutation();
  const [choice, setChoice] = useState<boolean | null>(null);

  const send = async (approved: boolean): Promise<void> => {
    if (!request?.inspectionId) return;
    let values: { processComments: string };
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    setRefusal(null);
    setChoice(approved);
    const r = await decide({ approveReinspectionDto: { inspectionId: request.inspectionId, approved, processComments: values.processComments.trim() } });
    setChoice(null);
    if (r.error) setRefusal(r.error);
    else {
      void message.success(
        approved
          ? t('approval.approvedDone', { name: request.turbineName ?? '' })
          : t('approval.rejectedDone', { name: request.turbineName ?? '' }),
      );
      onClose();
    }
  };

  return (
    <Modal
      open={!!request}
      title={t('approval.decideTitle', { name: request?.turbineName ?? '' })}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => setRefusal(null)}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('admin.cancel')}
        </Button>,
        <Button key="reject" danger loading={deciding.isLoading && choice === false} onClick={() => void send(false)}>
          {t('approval.reject')}
        </Button>,
        <Button key="approve" type="primary" loading={deciding.isLoading && choice === true} onClick={() => void send(true)}>
          {t('approval.approve')}
        </Button>,
      ]}
    >
      <div data-testid="decision-dialog">
        {request && (
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('approval.requester')}>{request.requester ?? '–'}</Descriptions.Item>
            <Descriptions.Item label={t('approval.requestTime')}>{formatTime(request.requestTime, locale)}</Descriptions.Item>
            <Descriptions.Item label={t('approval.requestComments')}>{request.requestComments ?? '–'}</Descriptions.Item>
          </Descriptions>
        )}
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="processComments"
            label={t('approval.processComments')}
            rules={[
              { required: true, whitespace: true, message: errorText('REINSPECTION_REASON_REQUIRED', locale) },
              { max: 2000, message: t('qa.commentsTooLong') },
            ]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
        {refusal != null && (
          <Alert type="error" showIcon data-testid="decision-refusal" title={errorMessage(refusal, locale, taskPaths.approve)} />
        )}
      </div>
    </Modal>
  );
}
