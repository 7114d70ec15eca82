import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/shared/components/LanguageSwitch';
import './auth.css';

/** Frame of the public pages: product name, language switch, one card. */
export function AuthShell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <div className="auth-shell">
      <div className="auth-shell__top">
        <LanguageSwitch />
      </div>
      <Card className="auth-shell__card">
        <Typography.Title level={3} className="auth-shell__product">
          {t('productName')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('tagline')}</Typography.Paragraph>
        <Typography.Title level={4}>{title}</Typography.Title>
        {children}
      </Card>
    </div>
  );
}
