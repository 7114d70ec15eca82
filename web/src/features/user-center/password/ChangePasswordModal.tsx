import { useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/core/store';
import { useLocale } from '@/shared/useLocale';
import { logout } from '@/features/auth';
import { changePasswordFailure, errorMessage, passwordError, ruleText, serverPasswordField, type ChangePasswordValues } from '../logic';
import { userCenterPaths, useChangeOwnPasswordMutation } from '../userCenterApi';

/**
 * Change password (SPEC §2, §5): old, new, confirmation; contracts' rules before sending. The
 * server signs out every session of the account, so on success the user is signed out here too
 * and sent to the login page with a message.
 */
export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('userCenter');
  const locale = useLocale();
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const config = useAppSelector((s) => s.app.config);
  const [form] = Form.useForm<ChangePasswordValues>();
  const [change, state] = useChangeOwnPasswordMutation();
  const [failure, setFailure] = useState<unknown>(null);

  const onFinish = async (values: ChangePasswordValues): Promise<void> => {
    setFailure(null);
    const local = changePasswordFailure(values);
    if (local) {
      form.setFields([{ name: local.field, errors: [ruleText(local.result, locale) ?? ''] }]);
      return;
    }
    const result = await change(values);
    if (result.error) {
      const field = serverPasswordField((result.error as { data?: unknown }).data);
      const text = errorMessage(result.error, locale, userCenterPaths.ownPassword);
      if (field) form.setFields([{ name: field, errors: [text] }]);
      else setFailure(result.error);
      return;
    }
    onClose();
    void message.success({ content: t('password.changed'), duration: 6 });
    await logout(dispatch, config, (path) => navigate(path, { replace: true }));
  };

  /** Field checks while typing (contracts' rules; the whole change is checked again on submit). */
  const check = (field: keyof ChangePasswordValues) => ({
    validator: () => {
      const v = form.getFieldsValue(true) as Partial<ChangePasswordValues>;
      const fail = (code: 'PASSWORD_RULE' | 'SAME_NEW_PASSWORD' | 'PASSWORDS_DO_NOT_MATCH') =>
        Promise.reject(new Error(ruleText({ ok: false, code }, locale) ?? ''));
      if (field === 'oldPassword') return v.oldPassword ? Promise.resolve() : Promise.reject(new Error(t('common.required')));
      if (field === 'newPassword') {
        const rule = passwordError(v.newPassword ?? '', locale);
        if (rule) return Promise.reject(new Error(rule));
        return v.oldPassword && v.newPassword === v.oldPassword ? fail('SAME_NEW_PASSWORD') : Promise.resolve();
      }
      return v.confirmPassword === v.newPassword ? Promise.resolve() : fail('PASSWORDS_DO_NOT_MATCH');
    },
  });

  return (
    <Modal
      open
      title={t('password.title')}
      okText={t('password.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={state.isLoading}
      okButtonProps={{ 'data-testid': 'change-password-submit' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="change-password"
    >
      <Form<ChangePasswordValues> form={form} layout="vertical" onFinish={(v) => void onFinish(v)}>
        <Form.Item name="oldPassword" label={t('password.old')} rules={[check('oldPassword')]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('password.new')} extra={t('password.ruleHint')} dependencies={['oldPassword']} rules={[check('newPassword')]}>
          <Input.Password autoComplete="new-password" maxLength={16} />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('password.confirm')} dependencies={['newPassword']} rules={[check('confirmPassword')]}>
          <Input.Password autoComplete="new-password" maxLength={16} />
        </Form.Item>
        <Alert type="info" showIcon title={t('password.signOutNote')} />
        {failure !== null && (
          <Alert type="error" showIcon style={{ marginTop: 12 }} title={errorMessage(failure, locale, userCenterPaths.ownPassword)} data-testid="change-password-error" />
        )}
      </Form>
    </Modal>
  );
}
