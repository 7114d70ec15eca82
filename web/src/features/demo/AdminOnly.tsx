import type { ReactNode } from 'react';
import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/core/store';
import { isAdminRole } from '@/shared/contracts';

/** The demo pages are for administrators (SPEC §6 roles 100, 0, 92, 1); others see why not. */
export function AdminOnly({ id, children }: { id: string; children: ReactNode }) {
  const { t } = useTranslation('demo');
  const roles = useAppSelector((s) => s.session.personalInfo?.roles ?? []);
  return (
    <div className="asset-page" data-testid={`page-${id}`}>
      {roles.some((r) => isAdminRole(r)) ? (
        <>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t(`${id}.title`)}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t(`${id}.intro`)}</Typography.Paragraph>
          {children}
        </>
      ) : (
        <Result status="403" title={t('adminOnly')} data-testid="demo-admin-only" />
      )}
    </div>
  );
}

/** Area of a polygon in square pixels (shoelace formula). */
export function polygonArea(points: ReadonlyArray<readonly [number, number]>): number {
  let sum = 0;
  points.forEach(([x, y], i) => {
    const [nx, ny] = points[(i + 1) % points.length]!;
    sum += x * ny - nx * y;
  });
  return Math.abs(sum) / 2;
}
