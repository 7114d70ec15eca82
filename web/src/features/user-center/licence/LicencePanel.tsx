import { useState } from 'react';
import { Alert, App, Button, Descriptions, Progress, Space, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { identityApi } from '@/core/api/generated/identity';
import { assetApi } from '@/core/api/generated/asset';
import { useLocale } from '@/shared/useLocale';
import { errorMessage, formatDate } from '../logic';

const { useLicenceCurrentQuery, useLicenceInstallMutation } = identityApi;
const { useLicenceUsageUsageQuery } = assetApi;

const STATUS_COLOR = { valid: 'green', expired: 'orange', invalid: 'red', missing: 'default' } as const;

/**
 * The platform licence (docs/licence.md): who it is for, until when, the turbine quota used of
 * the total (as asset counts and enforces it) and the modules; an administrator installs a new
 * licence file here. The server verifies the file; a refused one leaves the licence in force.
 */
export function LicencePanel({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('userCenter');
  const locale = useLocale();
  const { message } = App.useApp();
  const licence = useLicenceCurrentQuery();
  const usage = useLicenceUsageUsageQuery();
  const [install, installing] = useLicenceInstallMutation();
  const [refusal, setRefusal] = useState<unknown>(null);

  const onFile = async (file: File): Promise<void> => {
    setRefusal(null);
    const result = await install({ installLicenceDto: { licence: await file.text() } });
    if ('error' in result && result.error) {
      setRefusal(result.error);
      return;
    }
    void message.success(t('licence.installed'));
    void usage.refetch();
  };

  const l = licence.data;
  const used = usage.data?.turbinesUsed;
  const total = l?.maxTurbines ?? null;
  return (
    <div data-testid="licence-panel">
      <Typography.Paragraph type="secondary">{t('licence.intro')}</Typography.Paragraph>
      {l && l.status !== 'valid' && (
        <Alert
          type={l.status === 'missing' ? 'info' : 'warning'}
          showIcon
          className="user-center__licence-alert"
          title={t(`licence.statusHint.${l.status}`)}
          data-testid="licence-status-hint"
        />
      )}
      <Descriptions bordered column={1} size="small">
        <Descriptions.Item label={t('licence.status')}>
          {l && <Tag color={STATUS_COLOR[l.status]}>{t(`licence.statuses.${l.status}`)}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={t('licence.customer')}>{l?.customer ?? '–'}</Descriptions.Item>
        <Descriptions.Item label={t('licence.expiresAt')}>{formatDate(l?.expiresAt, locale)}</Descriptions.Item>
        <Descriptions.Item label={t('licence.turbines')}>
          <Space>
            <span data-testid="licence-quota">{t('licence.quota', { used: used ?? '–', total: total ?? '–' })}</span>
            {total !== null && used !== undefined && total > 0 && (
              <Progress percent={Math.min(100, Math.round((used / total) * 100))} size="small" style={{ width: 160 }} />
            )}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('licence.modules')}>
          {l?.modules.length ? l.modules.map((m) => <Tag key={m}>{t(`licence.moduleNames.${m}`, { defaultValue: m })}</Tag>) : '–'}
        </Descriptions.Item>
        <Descriptions.Item label={t('licence.installedAt')}>{formatDate(l?.installedAt, locale)}</Descriptions.Item>
      </Descriptions>
      {canEdit && (
        <Space orientation="vertical" className="user-center__licence-upload">
          <Upload
            accept=".lic,.json,.txt"
            showUploadList={false}
            beforeUpload={(file) => {
              void onFile(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={installing.isLoading} data-testid="licence-upload">
              {t('licence.upload')}
            </Button>
          </Upload>
          <Typography.Text type="secondary">{t('licence.uploadHint')}</Typography.Text>
          {refusal !== null && <Alert type="error" showIcon title={errorMessage(refusal, locale)} data-testid="licence-refusal" />}
        </Space>
      )}
    </div>
  );
}
