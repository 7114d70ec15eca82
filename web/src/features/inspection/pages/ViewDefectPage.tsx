import { useMemo } from 'react';
import { Alert, Card, Empty, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { LanguageSwitch } from '@/shared/components/LanguageSwitch';
import { useLocale } from '@/shared/useLocale';
import { formatDate } from '@/shared/utils/format';
import { useDefectByNumberQuery, useDefectsGetQuery, useImagesGetQuery, type Defect } from '../inspectionApi';
import { DefectDetail } from '../components/DefectDetail';
import { LoadError } from '../components/common';
import { defectPolygons } from '../components/ImagesTab';
import { ImageViewer } from '@/shared/viewer/ImageViewer';
import { pathLabel } from '../labels';
import '@/shared/inspection/inspection.css';
import { useSeedText } from '@/shared/useSeedText';

/** What /viewDefect was asked for: `defectId`, or `inspectionId` with `defectNo` (six digits). */
export function viewDefectTarget(q: URLSearchParams): { defectId: string } | { inspectionId: string; defectNo: string } | null {
  const defectId = q.get('defectId') ?? q.get('id');
  if (defectId) return { defectId };
  const inspectionId = q.get('inspectionId');
  const defectNo = q.get('defectNo') ?? q.get('defectNumber');
  if (inspectionId && defectNo) return { inspectionId, defectNo };
  return null;
}

function DefectView({ defect }: { defect: Defect }) {
  const { t } = useTranslation('inspection');
  const locale = useLocale();
  const st = useSeedText();
  const image = useImagesGetQuery({ imageId: defect.imageId });
  const polygons = useMemo(() => defectPolygons([defect], defect.imageId, t, st), [defect, t, st]);
  return (
    <div className="insp-viewdefect__body">
      <Card size="small" className="insp-viewdefect__image" title={image.data ? `${image.data.fileName} · ${pathLabel(image.data.pathViewIndex, locale)}` : t('images.image')}>
        {image.error ? (
          <LoadError error={image.error} onRetry={() => void image.refetch()} />
        ) : !image.data ? (
          <Skeleton active />
        ) : image.data.tileStatus !== 'done' ? (
          <Empty description={t(image.data.tileStatus === 'failed' ? 'images.tilesFailed' : 'images.tilesPending')} />
        ) : (
          <ImageViewer image={image.data} polygons={polygons} focusPolygon={defect.polygon} selectedPolygonId={defect.defectId} height="calc(100vh - 170px)" />
        )}
      </Card>
      <Card size="small" className="insp-viewdefect__detail" title={t('defect.titleOf', { no: defect.defectNo, turbine: defect.turbineName ?? '', date: formatDate(defect.inspectionDate, locale) })}>
        <DefectDetail defectId={defect.defectId} />
      </Card>
    </div>
  );
}

/** /viewDefect (standalone, reachable on the restricted viewer hosts): the image with the polygon and the defect detail. */
export function Component() {
  const { t } = useTranslation('inspection');
  const [params] = useSearchParams();
  const target = viewDefectTarget(params);
  const byId = useDefectsGetQuery(target && 'defectId' in target ? { defectId: target.defectId } : skipToken);
  const byNo = useDefectByNumberQuery(target && 'inspectionId' in target ? target : skipToken);
  const q = target && 'defectId' in target ? byId : byNo;
  return (
    <div className="insp-viewdefect" data-testid="page-viewDefect">
      <div className="insp-viewdefect__header">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('viewDefect.title')}
        </Typography.Title>
        <LanguageSwitch />
      </div>
      {!target ? (
        <Alert type="warning" showIcon title={t('viewDefect.missing')} data-testid="view-defect-missing" />
      ) : q.error ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Skeleton active />
      ) : (
        <DefectView defect={q.data} />
      )}
    </div>
  );
}
