import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@/shared/contracts';
import { changeLocale } from '@/core/i18n';
import { localeChanged } from '@/core/appSlice';
import { useAppDispatch, useAppSelector } from '@/core/store';

/** Language switch: re-renders in place and keeps the choice in localStorage (`locale`). */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const locale = useAppSelector((s) => s.app.locale);
  const dispatch = useAppDispatch();
  const onChange = async (next: Locale): Promise<void> => {
    await changeLocale(next);
    dispatch(localeChanged(next));
  };
  return (
    <Select<Locale>
      aria-label={t('language.label')}
      value={locale}
      onChange={(value) => void onChange(value)}
      options={LOCALES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
      popupMatchSelectWidth={false}
      style={{ minWidth: 110 }}
      data-testid="language-switch"
    />
  );
}
