import { useEffect, useMemo } from 'react';
import { Alert, App, DatePicker, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { useAppSelector } from '@/core/store';
import { isEmail } from '../contracts';
import {
  blankToNull,
  errorMessage,
  keepParksOfCustomers,
  parksForCustomers,
  passwordError,
  grantableRoleOptions,
  toDayjs,
  usernameError,
  validUntilFromPicker,
} from '../logic';
import { useCustomerOptions, useOrganizationOptions, usePermittedParks } from '../lookups';
import { FormDrawer, textRule, useSaveFailure } from '../FormDrawer';
import { userCenterPaths, useUsersCreateMutation, useUsersUpdateMutation, type UserItem } from '../userCenterApi';
import type { Dayjs } from 'dayjs';

export interface UserFormValues {
  username: string;
  displayName: string;
  email?: string;
  password?: string;
  roles: number[];
  organizationId?: string | null;
  customerIds: string[];
  parkIds: string[];
  validUntil?: Dayjs | null;
  active: boolean;
}

const NO_IDS: string[] = [];
const NO_ROLES: number[] = [];

/** Server refusals that belong to one field; the rest show above the buttons. */
const FIELD_OF_CODE: Readonly<Record<string, keyof UserFormValues>> = {
  USERNAME_EXISTS: 'username',
  USERNAME_RULE: 'username',
  EMAIL_EXISTS: 'email',
  PASSWORD_RULE: 'password',
};

/** Create or edit a user (SPEC §7 users): identity, roles, organization, data permission, validity. */
export function UserFormDrawer({ user, onClose }: { user: UserItem | null; onClose: () => void }) {
  const { t } = useTranslation('userCenter');
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<UserFormValues>();
  const [createUser, creating] = useUsersCreateMutation();
  const [updateUser, updating] = useUsersUpdateMutation();
  const orgs = useOrganizationOptions();
  const customers = useCustomerOptions();
  const parks = usePermittedParks();
  const { failure, clear, refuse } = useSaveFailure(form, FIELD_OF_CODE);
  const chosenCustomers = Form.useWatch('customerIds', form) ?? NO_IDS;
  const isNew = user === null;
  const ownRoles = useAppSelector((st) => st.session.personalInfo?.roles ?? NO_ROLES);
  const roleChoices = useMemo(() => grantableRoleOptions(locale, ownRoles, user?.roles), [locale, ownRoles, user]);

  const parkOptions = useMemo(
    () => parksForCustomers(parks.parks, chosenCustomers).map((p) => ({ value: p.windFarmId, label: p.windFarmName })),
    [parks.parks, chosenCustomers],
  );

  // A park of a customer taken away leaves the data permission with it.
  useEffect(() => {
    const current: string[] = form.getFieldValue('parkIds') ?? [];
    if (!parks.parks.length) return;
    const kept = keepParksOfCustomers(current, parks.parks, chosenCustomers);
    if (kept.length !== current.length) form.setFieldValue('parkIds', kept);
  }, [chosenCustomers, parks.parks, form]);

  const initialValues: Partial<UserFormValues> = user
    ? {
        username: user.username,
        displayName: user.displayName,
        email: user.email ?? undefined,
        roles: user.roles,
        organizationId: user.organizationId ?? undefined,
        customerIds: user.customerIds,
        // null = every park of the user's customers, which the picker shows as none chosen.
        parkIds: user.parkIds ?? [],
        validUntil: toDayjs(user.validUntil),
        active: user.active,
      }
    : { roles: [], customerIds: [], parkIds: [], active: true };

  const onFinish = async (v: UserFormValues): Promise<void> => {
    clear();
    const common = {
      username: v.username.trim(),
      displayName: v.displayName.trim(),
      email: blankToNull(v.email),
      roles: v.roles,
      organizationId: v.organizationId ?? null,
      customerIds: v.customerIds ?? [],
      parkIds: v.parkIds ?? [],
      validUntil: validUntilFromPicker(v.validUntil),
    };
    const result = isNew
      ? await createUser({ createUserDto: { ...common, password: v.password ?? '', active: v.active } })
      : await updateUser({ id: user.id, updateUserDto: common });
    if (result.error) {
      refuse(result.error, isNew ? userCenterPaths.users : userCenterPaths.user(user.id));
      return;
    }
    void message.success(isNew ? t('users.created', { name: common.username }) : t('users.saved', { name: common.username }));
    onClose();
  };

  return (
    <FormDrawer<UserFormValues>
      form={form}
      size={560}
      title={isNew ? t('users.create') : t('users.editTitle', { name: user.username })}
      testId="user-form"
      saving={creating.isLoading || updating.isLoading}
      initialValues={initialValues}
      onFinish={onFinish}
      onClose={onClose}
    >
        <Form.Item
          name="username"
          required
          label={t('users.username')}
          extra={t('users.usernameHint')}
          validateFirst
          rules={[textRule((v) => usernameError(v, locale))]}
        >
          <Input autoComplete="off" maxLength={32} />
        </Form.Item>
        <Form.Item
          name="displayName"
          label={t('users.displayName')}
          rules={[
            { required: true, whitespace: true, message: t('common.required') },
            { max: 64, message: t('common.tooLong', { max: 64 }) },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('users.email')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                !value || isEmail(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t('users.emailInvalid'))),
            },
          ]}
        >
          <Input type="email" autoComplete="off" maxLength={254} />
        </Form.Item>
        {isNew && (
          <Form.Item
            name="password"
            required
            label={t('users.password')}
            extra={t('password.ruleHint')}
            rules={[textRule((v) => passwordError(v, locale))]}
          >
            <Input.Password autoComplete="new-password" maxLength={16} />
          </Form.Item>
        )}
        <Form.Item name="roles" label={t('users.roles')} rules={[{ required: true, type: 'array', min: 1, message: t('users.rolesRequired') }]}>
          <Select mode="multiple" options={roleChoices} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        <Form.Item name="organizationId" label={t('users.organization')}>
          <Select allowClear options={orgs.options} loading={orgs.loading} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        <Form.Item name="customerIds" label={t('users.customers')}>
          <Select mode="multiple" allowClear options={customers.options} loading={customers.loading} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        <Form.Item name="parkIds" label={t('users.parks')} extra={t('users.parksHint')}>
          <Select
            mode="multiple"
            allowClear
            options={parkOptions}
            loading={parks.loading}
            disabled={chosenCustomers.length === 0}
            placeholder={chosenCustomers.length === 0 ? t('users.parksChooseCustomer') : t('users.parksAll')}
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent={parks.error ? t('users.parksUnavailable') : undefined}
          />
        </Form.Item>
        <Form.Item name="validUntil" label={t('users.validUntil')} extra={t('users.validUntilHint')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        {isNew && (
          <Form.Item name="active" label={t('users.status')} valuePropName="checked">
            <Switch checkedChildren={t('users.active')} unCheckedChildren={t('users.inactive')} />
          </Form.Item>
        )}
        {failure !== null && (
          <Alert type="error" showIcon title={errorMessage(failure, locale, userCenterPaths.users)} data-testid="user-form-error" />
        )}
    </FormDrawer>
  );
}
