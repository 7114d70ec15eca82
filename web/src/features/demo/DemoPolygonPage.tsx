import { useState } from 'react';
import { Button, Card, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/shared/utils/format';
import { useLocale } from '@/shared/useLocale';
import { AdminOnly, polygonArea } from './AdminOnly';

type Pt = [number, number];
const W = 800;
const H = 300;

/** Polygon drawing on an image, the way the labeling tool outlines a defect: click points, close, list. */
export function Component() {
  const { t } = useTranslation('demo');
  const locale = useLocale();
  const [points, setPoints] = useState<Pt[]>([]);
  const [polygons, setPolygons] = useState<Pt[][]>([]);
  const add = (e: React.MouseEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const sx = box.width ? W / box.width : 1;
    const sy = box.height ? H / box.height : 1;
    setPoints((p) => [...p, [Math.round((e.clientX - box.left) * sx), Math.round((e.clientY - box.top) * sy)]]);
  };
  const close = () => {
    if (points.length < 3) return;
    setPolygons((p) => [...p, points]);
    setPoints([]);
  };
  const path = (p: Pt[]) => p.map(([x, y]) => `${x},${y}`).join(' ');
  return (
    <AdminOnly id="demoPolygon">
      <Card size="small">
        <Space wrap style={{ marginBottom: 8 }}>
          <Button type="primary" onClick={close} disabled={points.length < 3} data-testid="demo-polygon-close">
            {t('demoPolygon.close')}
          </Button>
          <Button onClick={() => setPoints((p) => p.slice(0, -1))} disabled={!points.length}>
            {t('demoPolygon.undo')}
          </Button>
          <Button onClick={() => (setPoints([]), setPolygons([]))}>{t('demoPolygon.clear')}</Button>
          <Typography.Text type="secondary">{t('demoPolygon.points', { count: points.length })}</Typography.Text>
        </Space>
        <svg viewBox={`0 0 ${W} ${H}`} style={{ width: '100%', maxWidth: W, cursor: 'crosshair', display: 'block' }} onClick={add} data-testid="demo-polygon-canvas">
          <defs>
            <linearGradient id="demo-sky" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#6fa8dc" />
              <stop offset="1" stopColor="#cfe2f3" />
            </linearGradient>
          </defs>
          <rect width={W} height={H} fill="url(#demo-sky)" />
          <path d={`M 20 90 C 200 70, 500 140, 780 145 L 780 155 C 500 160, 200 230, 20 210 Z`} fill="#d9d9d9" stroke="#999" />
          <ellipse cx={300} cy={150} rx={30} ry={14} fill="#5a5148" opacity={0.85} />
          {polygons.map((p, i) => (
            <polygon key={i} points={path(p)} fill="rgba(245,34,45,0.25)" stroke="#f5222d" strokeWidth={2} data-testid="demo-polygon" />
          ))}
          {points.length > 0 && <polyline points={path(points)} fill="none" stroke="#1677ff" strokeWidth={2} strokeDasharray="6 4" />}
          {points.map(([x, y], i) => (
            <circle key={i} cx={x} cy={y} r={4} fill="#1677ff" />
          ))}
        </svg>
      </Card>
      <Card size="small" title={t('demoPolygon.drawn')} style={{ marginTop: 12 }}>
        <List
          size="small"
          dataSource={polygons}
          locale={{ emptyText: t('demoPolygon.none') }}
          renderItem={(p, i) => (
            <List.Item data-testid="demo-polygon-row">
              {t('demoPolygon.row', { index: i + 1, count: p.length, area: formatNumber(polygonArea(p), locale) })}
            </List.Item>
          )}
        />
      </Card>
    </AdminOnly>
  );
}
