import { useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { errorText } from '../contracts';
import { errorMessage, passwordError } from '../logic';
import { textRule } from '../FormDrawer';
import { userCenterPaths, useUsersResetPasswordMutation, type UserItem } from '../userCenterApi';

interface Values {
  password: string;
  confirmPassword: string;
}

/** Administrator password reset (the server signs the user out everywhere). */
export function ResetPasswordModal({ user, onClose }: { user: UserItem; onClose: () => void }) {
  const { t } = useTranslation('userCenter');
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [reset, state] = useUsersResetPasswordMutation();
  const [failure, setFailure] = useState<unknown>(null);

  const onFinish = async (v: Values): Promise<void> => {
    setFailure(null);
    const result = await reset({ id: user.id, resetPasswordDto: { password: v.password, confirmPassword: v.password } });
    if (result.error) {
      setFailure(result.error);
      return;
    }
    void message.success(t('users.passwordReset', { name: user.username }));
    onClose();
  };

  return (
    <Modal
      open
      title={t('users.resetPasswordOf', { name: user.username })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={state.isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void onFinish(v)}>
        <Form.Item
          name="password"
          label={t('password.new')}
          extra={t('password.ruleHint')}
          rules={[textRule((v) => passwordError(v, locale))]}
        >
          <Input.Password autoComplete="new-password" maxLength={16} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('password.confirm')}
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(errorText('PASSWORDS_DO_NOT_MATCH', locale))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={16} />
        </Form.Item>
        <Alert type="info" showIcon title={t('users.resetPasswordNote')} />
        {failure !== null && (
          <Alert type="error" showIcon style={{ marginTop: 12 }} title={errorMessage(failure, locale, userCenterPaths.userPassword(user.id))} />
        )}
      </Form>
    </Modal>
  );
}
