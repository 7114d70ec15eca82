import { useMemo, useState } from 'react';
import { Card, Empty, Select, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import { ImageViewer } from '@/shared/viewer/ImageViewer';
import { formatDate } from '@/shared/utils/format';
import { useLocale } from '@/shared/useLocale';
import { useParkListsAllPermittedProjectFarmsQuery } from '@/features/asset';
import { defectPolygons, useDefectsListQuery, useImagesListQuery, useInspectionsListQuery } from '@/features/inspection';
import { AdminOnly } from './AdminOnly';
import { useSeedText } from '@/shared/useSeedText';

/** The deep-zoom viewer on a real photo: the newest tiled inspection of a park, its photos, the defect polygons. */
export function Component() {
  const { t } = useTranslation('demo');
  const ti = useTranslation('inspection').t;
  const locale = useLocale();
  const st = useSeedText();
  const parks = useParkListsAllPermittedProjectFarmsQuery();
  const [parkChoice, setPark] = useState<string | null>(null);
  const windFarmId = parkChoice ?? parks.data?.[0]?.windFarmId ?? null;
  const inspections = useInspectionsListQuery(windFarmId ? { windFarmId, pageIndex: 1, pageSize: 20 } : skipToken);
  const inspection = inspections.data?.results.find((i) => i.tiledImageCount > 0) ?? null;
  const images = useImagesListQuery(inspection ? { id: inspection.inspectionId, pageIndex: 1, pageSize: 100 } : skipToken);
  const defects = useDefectsListQuery(inspection ? { inspectionId: inspection.inspectionId, pageIndex: 1, pageSize: 1000 } : skipToken);
  const [imageChoice, setImage] = useState<string | null>(null);
  const tiled = useMemo(() => (images.data?.results ?? []).filter((i) => i.tileStatus === 'done'), [images.data]);
  const image = tiled.find((i) => i.imageId === imageChoice) ?? tiled[0] ?? null;
  const polygons = useMemo(() => defectPolygons(defects.data?.results ?? [], image?.imageId, ti, st), [defects.data, image, ti, st]);
  return (
    <AdminOnly id="demoOpenseadragon">
      <Space wrap style={{ marginBottom: 8 }}>
        <Select
          style={{ minWidth: 220 }}
          value={windFarmId ?? undefined}
          loading={parks.isLoading}
          placeholder={t('pickPark')}
          options={(parks.data ?? []).map((p) => ({ value: p.windFarmId, label: p.windFarmName }))}
          onChange={(v: string) => (setPark(v), setImage(null))}
          aria-label={t('pickPark')}
        />
        <Select
          style={{ minWidth: 260 }}
          value={image?.imageId}
          placeholder={t('demoOpenseadragon.pickImage')}
          options={tiled.map((i) => ({ value: i.imageId, label: i.fileName }))}
          onChange={(v: string) => setImage(v)}
          aria-label={t('demoOpenseadragon.pickImage')}
          data-testid="demo-osd-image"
        />
        {inspection && (
          <Typography.Text type="secondary">
            {t('demoOpenseadragon.source', { turbine: inspection.turbineName, date: formatDate(inspection.inspectionDate, locale), count: polygons.length })}
          </Typography.Text>
        )}
      </Space>
      <Card size="small">
        {inspections.isLoading || images.isLoading ? (
          <Skeleton active />
        ) : !image ? (
          <Empty description={t('demoOpenseadragon.none')} />
        ) : (
          <ImageViewer image={image} polygons={polygons} height="60vh" />
        )}
      </Card>
    </AdminOnly>
  );
}
