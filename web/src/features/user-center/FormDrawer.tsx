import { useState, type ReactNode } from 'react';
import { Button, Drawer, Form, Space } from 'antd';
import type { FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { errorCode, errorMessage } from './logic';

/** A create/edit drawer around one vertical form, with cancel and save below. */
export function FormDrawer<V extends object>({
  form,
  title,
  size,
  testId,
  saving,
  initialValues,
  onFinish,
  onClose,
  children,
}: {
  form: FormInstance<V>;
  title: string;
  size: number;
  testId: string;
  saving: boolean;
  initialValues: Partial<V>;
  onFinish: (values: V) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('userCenter');
  return (
    <Drawer
      open
      size={size}
      title={title}
      onClose={onClose}
      destroyOnHidden
      data-testid={testId}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form<V> form={form} layout="vertical" initialValues={initialValues} onFinish={(v) => void onFinish(v)}>
        {children}
      </Form>
    </Drawer>
  );
}

/**
 * A save's refusal: pinned to its field when the code names one (`fieldOfCode`),
 * otherwise kept as `failure` for the form to show above its buttons.
 */
export function useSaveFailure<V>(form: FormInstance<V>, fieldOfCode: Readonly<Record<string, keyof V & string>>) {
  const locale = useLocale();
  const [failure, setFailure] = useState<unknown>(null);
  const refuse = (error: unknown, path: string): void => {
    const field = fieldOfCode[errorCode(error) ?? ''];
    if (field) form.setFields([{ name: field as NamePath<V>, errors: [errorMessage(error, locale, path)] }]);
    else setFailure(error);
  };
  return { failure, clear: () => setFailure(null), refuse };
}

/** A form rule from a check that gives the failure's text (null when the value passes). */
export function textRule(check: (value: string) => string | null) {
  return {
    validator: (_: unknown, value: string | undefined) => {
      const text = check(value ?? '');
      return text ? Promise.reject(new Error(text)) : Promise.resolve();
    },
  };
}
