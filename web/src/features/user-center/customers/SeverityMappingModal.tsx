import { useEffect, useState } from 'react';
import { Alert, App, Form, Input, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { SEVERITY_LEVELS } from '../contracts';
import { customerToBody, errorMessage, severityMappingFromNames } from '../logic';
import { userCenterPaths, useCustomersSeverityQuery, useCustomersUpdateMutation, type Customer } from '../userCenterApi';

/** The customer's own names for the severity levels 0..5 (empty = the platform's level name). */
export function SeverityMappingModal({ customer, canEdit, onClose }: { customer: Customer; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation('userCenter');
  const locale = useLocale();
  const { message } = App.useApp();
  const mapping = useCustomersSeverityQuery({ id: customer.customerId });
  const [update, saving] = useCustomersUpdateMutation();
  const [form] = Form.useForm<Record<string, string>>();
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    if (mapping.data) form.setFieldsValue(Object.fromEntries(mapping.data.severityMapping.map((s) => [String(s.level), s.name])));
  }, [mapping.data, form]);

  const onFinish = async (values: Record<string, string>): Promise<void> => {
    setFailure(null);
    const names = Object.fromEntries(Object.entries(values).map(([k, v]) => [Number(k), v]));
    const result = await update({
      id: customer.customerId,
      saveCustomerDto: { ...customerToBody(customer), severityMapping: severityMappingFromNames(names) },
    });
    if (result.error) {
      setFailure(result.error);
      return;
    }
    void message.success(t('severity.saved'));
    onClose();
  };

  return (
    <Modal
      open
      title={t('severity.of', { name: customer.customerName })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !canEdit || !mapping.data }}
      confirmLoading={saving.isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {mapping.error ? (
        <Alert type="error" showIcon title={errorMessage(mapping.error, locale, userCenterPaths.severityMapping(customer.customerId))} />
      ) : !mapping.data ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="horizontal" labelCol={{ span: 8 }} disabled={!canEdit} onFinish={(v) => void onFinish(v)} data-testid="severity-form">
          <Alert type="info" showIcon title={t('severity.hint')} style={{ marginBottom: 12 }} />
          {SEVERITY_LEVELS.map((level) => (
            <Form.Item key={level} name={String(level)} label={t('severity.level', { level })} rules={[{ max: 50, message: t('common.tooLong', { max: 50 }) }]}>
              <Input maxLength={50} placeholder={t('severity.placeholder', { level })} />
            </Form.Item>
          ))}
          {failure !== null && <Alert type="error" showIcon title={errorMessage(failure, locale, userCenterPaths.customer(customer.customerId))} />}
        </Form>
      )}
    </Modal>
  );
}
