import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Input, Spin, Tag, Typography } from 'antd';
import { CloseOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/core/store';
import { formatDateTime, formatNumber } from '@/shared/utils/format';
import { useLocale } from '@/shared/useLocale';
import { useAllParksQuery, type PlantView } from '../assetApi';
import { selectionChanged } from '../assetSlice';
import { LoadError } from '../components';
import { queryFromSelection } from '../selection';
import { filterParks, hasLocation } from './markers';
import '../asset.css';

/** OpenLayers lives in its own chunk, loaded with the map. */
const ParkMap = lazy(() => import('./ParkMap'));

function ParkCard({ park, onClose }: { park: PlantView; onClose: () => void }) {
  const { t } = useTranslation('asset');
  const locale = useLocale();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const open = (): void => {
    dispatch(selectionChanged({ windFarmId: park.windFarmId }));
    navigate(`/inspection/windPark?${queryFromSelection({ windFarmId: park.windFarmId }, ['windFarmId'])}`);
  };
  const location = [park.region, park.province, park.city].filter(Boolean).join(' · ');
  return (
    <Card
      className="global-map__card"
      size="small"
      data-testid="park-card"
      title={
        <span>
          <EnvironmentOutlined /> {park.windFarmName}
        </span>
      }
      extra={<Button type="text" size="small" icon={<CloseOutlined />} onClick={onClose} aria-label={t('common.close')} />}
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'customer', label: t('park.customer'), children: park.customerName ?? '–' },
          { key: 'location', label: t('park.location'), children: location || '–' },
          {
            key: 'capacity',
            label: t('park.capacity'),
            children: park.capacity === null ? '–' : t('park.capacityMw', { value: formatNumber(park.capacity, locale) }),
          },
          { key: 'turbines', label: t('park.turbineCount'), children: formatNumber(park.turbineCount, locale) },
          {
            key: 'last',
            label: t('park.lastInspection'),
            children: park.lastInspectionTime ? formatDateTime(park.lastInspectionTime, locale) : t('park.noInspection'),
          },
          {
            key: 'state',
            label: t('park.state'),
            children: park.active ? <Tag color="blue">{t('park.active')}</Tag> : <Tag>{t('park.inactive')}</Tag>,
          },
        ]}
      />
      <Button type="primary" block onClick={open} style={{ marginTop: 12 }}>
        {t('globalMap.openOverview')}
      </Button>
    </Card>
  );
}

/**
 * Global map (SPEC §2 /explore/globalMap): every park the user may see, on a map and in a
 * searchable list. Kept alive by the main layout: `active` is false while it is hidden.
 */
export default function GlobalMapPage({ active = true }: { active?: boolean }) {
  const { t } = useTranslation('asset');
  const locale = useLocale();
  const tileUrl = useAppSelector((s) => s.app.config.mapTileUrl);
  const { data: parks, isLoading, error, refetch, isFetching } = useAllParksQuery();
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [tilesUnavailable, setTilesUnavailable] = useState(false);

  const all = useMemo(() => parks ?? [], [parks]);
  const shown = useMemo(() => filterParks(all, search), [all, search]);
  const selected = all.find((p) => p.windFarmId === selectedId) ?? null;

  return (
    <div className="global-map" data-testid="page-globalMap">
      <aside className="global-map__panel">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('globalMap.title')}
        </Typography.Title>
        <Input.Search
          allowClear
          placeholder={t('globalMap.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          aria-label={t('globalMap.search')}
        />
        <Typography.Text type="secondary" data-testid="park-count">
          {t('globalMap.count', { shown: formatNumber(shown.length, locale), total: formatNumber(all.length, locale) })}
        </Typography.Text>
        <div className="global-map__list" data-testid="park-list">
          {isLoading ? (
            <Spin />
          ) : error ? (
            <LoadError error={error} onRetry={() => void refetch()} />
          ) : shown.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={all.length ? t('globalMap.noMatch') : t('globalMap.noParks')} />
          ) : (
            shown.map((park) => (
              <button
                type="button"
                key={park.windFarmId}
                className={`global-map__item${park.windFarmId === selectedId ? ' global-map__item--selected' : ''}`}
                onClick={() => setSelectedId(park.windFarmId)}
                data-testid="park-list-item"
              >
                <span className="global-map__item-name">{park.windFarmName}</span>
                <span className="global-map__item-meta">
                  {park.customerName ?? '–'} · {t('globalMap.turbines', { formatted: formatNumber(park.turbineCount, locale) })}
                </span>
                <span>
                  {park.active ? <Tag color="blue">{t('park.active')}</Tag> : <Tag>{t('park.inactive')}</Tag>}
                  {!hasLocation(park) && <Tag color="orange">{t('globalMap.noLocation')}</Tag>}
                </span>
              </button>
            ))
          )}
        </div>
        {isFetching && !isLoading && <Spin size="small" />}
      </aside>
      <section className="global-map__map">
        <Suspense fallback={<Spin className="global-map__spin" />}>
          <ParkMap
            parks={all}
            selectedId={selectedId}
            onSelect={setSelectedId}
            tileUrl={tileUrl}
            active={active}
            attribution={t('globalMap.attribution')}
            onTilesUnavailable={setTilesUnavailable}
          />
        </Suspense>
        {tilesUnavailable && (
          <Alert className="global-map__notice" type="info" showIcon message={t('globalMap.tilesUnavailable')} data-testid="tiles-unavailable" />
        )}
        <div className="global-map__legend">
          <span className="global-map__dot global-map__dot--active" /> {t('park.active')}
          <span className="global-map__dot global-map__dot--inactive" /> {t('park.inactive')}
          <span className="global-map__legend-note">{t('globalMap.legendCount')}</span>
        </div>
        {selected && <ParkCard park={selected} onClose={() => setSelectedId(null)} />}
      </section>
    </div>
  );
}
