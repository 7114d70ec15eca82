import { lazy, Suspense, useState } from 'react';
import { Card, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/core/store';
import { assetPages, useAllParksQuery } from '@/features/asset';
import { AdminOnly } from './AdminOnly';

const ParkMap = lazy(() => assetPages.parkMap());

/** The OpenLayers map with the park markers (the global map's building block); a click selects a park. */
export function Component() {
  const { t } = useTranslation('demo');
  const ta = useTranslation('asset').t;
  const tileUrl = useAppSelector((s) => s.app.config.mapTileUrl);
  const parks = useAllParksQuery();
  const [selected, setSelected] = useState<string | null>(null);
  const park = parks.data?.find((p) => p.windFarmId === selected);
  return (
    <AdminOnly id="demoOpenlayers">
      <Typography.Paragraph data-testid="demo-map-selected">
        {park ? t('demoOpenlayers.selected', { name: park.windFarmName, count: park.turbineCount }) : t('demoOpenlayers.clickHint', { count: parks.data?.length ?? 0 })}
      </Typography.Paragraph>
      <Card size="small" styles={{ body: { height: '60vh', padding: 0 } }}>
        <Suspense fallback={<Skeleton active />}>
          {parks.data && (
            <ParkMap parks={parks.data} selectedId={selected} onSelect={setSelected} tileUrl={tileUrl ?? ''} active attribution={ta('globalMap.attribution')} />
          )}
        </Suspense>
      </Card>
    </AdminOnly>
  );
}
