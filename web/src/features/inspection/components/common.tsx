import { Alert, Tag, Tooltip, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/core/store';
import { useLocale } from '@/shared/useLocale';
import { ErrorAlert } from '@/shared/components/ErrorAlert';
import { errorText, lookupMessage, type Locale, type ValidationResult } from '../contracts';
import { canEditComponent, canLinkDefects, severityFill, severityLevel } from '../logic';

export { AuthedThumb, LoadError } from '@/shared/inspection/components';

/** Severity in the blade colour scheme (levels 0..8): a coloured tag "Severity 3" / "TBD". */
export function SeverityTag({ severity }: { severity: number | null | undefined }) {
  const { t } = useTranslation('inspection');
  const level = severityLevel(severity);
  const text = severity === null || severity === undefined ? t('severity.tbd') : t('severity.value', { level: severity });
  return (
    <Tooltip title={t(`severity.levels.${level}`)}>
      <Tag color={severityFill(severity)} style={{ color: level >= 2 && level <= 5 ? '#1f1f1f' : '#fff' }} data-testid="severity-tag">
        {text}
      </Tag>
    </Tooltip>
  );
}

/** The text of a failed client check (the contracts' catalogue, in the interface language). */
export function validationText(result: ValidationResult, locale: Locale): string {
  return result.ok ? '' : errorText(result.code, locale, result.params);
}

/**
 * An antd form rule running one of the contracts' checks on the typed text (blank passes unless
 * `required`), with the catalogue's words as the message.
 */
export function contractRule(check: (v: string) => ValidationResult, locale: Locale, required = false): FormRule {
  return {
    validator: (_r, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value);
      if (text === '') return required ? Promise.reject(new Error(errorText('REQUIRED', locale))) : Promise.resolve();
      const r = check(text);
      return r.ok ? Promise.resolve() : Promise.reject(new Error(validationText(r, locale)));
    },
  };
}

/** The server's answer to an upload (not an RTK Query error): its catalogue code in the interface language. */
export function responseText(status: number, body: unknown, locale: Locale, network: string): string {
  return status === 0 ? network : lookupMessage(body, locale);
}

/** A write the server refused (or a client check that failed), shown next to the form in the current language. */
export function Refusal({
  error,
  result,
  testId,
  onClose,
}: {
  error?: unknown;
  result?: ValidationResult | null;
  testId: string;
  onClose?: () => void;
}) {
  const locale = useLocale();
  const style = { margin: '8px 0' };
  if (error) return <ErrorAlert error={error} testId={testId} style={style} onClose={onClose} />;
  if (!result || result.ok) return null;
  return <Alert type="error" showIcon title={validationText(result, locale)} data-testid={testId} style={style} closable={!!onClose} onClose={onClose} />;
}

/** The caller's write right on inspections of a component (docs/inspection.md "write rights"). */
export function useCanEdit(componentType: number | null | undefined): boolean {
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  return canEditComponent(denied, componentType);
}

export function useCanLinkDefects(): boolean {
  return canLinkDefects(useAppSelector((s) => s.session.accessDeniedModules));
}
