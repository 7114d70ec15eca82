import { Card, Col, Progress, Row, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { BLADE_COLOR_LEVEL_LABELS, SEVERITY_PALETTE_9, labelOf } from '@/shared/contracts';
import { useLocale } from '@/shared/useLocale';
import { AdminOnly } from './AdminOnly';

/** Sample turbines of the prototype (not data of the platform). */
const SAMPLE = [
  { name: 'WTG-01', levels: [7, 4, 2] },
  { name: 'WTG-02', levels: [3, 3, 0] },
  { name: 'WTG-03', levels: [5, 1, 2] },
  { name: 'WTG-04', levels: [0, 0, 0] },
];

/**
 * A prototype of a screen: a turbine health card built from the console's blocks (antd cards and
 * statistics, the SPEC §3 blade colour scheme). Sample data, clearly marked.
 */
export function Component() {
  const { t } = useTranslation('demo');
  const locale = useLocale();
  return (
    <AdminOnly id="demoProto">
      <Tag color="purple" data-testid="demo-proto-sample">
        {t('demoProto.sample')}
      </Tag>
      <Row gutter={[12, 12]} style={{ marginTop: 8 }}>
        {SAMPLE.map((s) => {
          const worst = Math.max(...s.levels);
          return (
            <Col key={s.name} xs={24} sm={12} lg={6}>
              <Card size="small" title={s.name} style={{ borderTop: `6px solid ${SEVERITY_PALETTE_9[worst]}` }} data-testid="demo-proto-card">
                <Statistic title={t('demoProto.worst')} value={labelOf(BLADE_COLOR_LEVEL_LABELS, worst as keyof (typeof BLADE_COLOR_LEVEL_LABELS)['en_us'], locale)} />
                {s.levels.map((level, i) => (
                  <div key={i}>
                    {t('demoProto.blade', { position: i + 1 })}
                    <Progress percent={Math.round((level / 8) * 100)} showInfo={false} strokeColor={SEVERITY_PALETTE_9[level]} size="small" />
                  </div>
                ))}
              </Card>
            </Col>
          );
        })}
      </Row>
      <Card size="small" title={t('demoProto.palette')} style={{ marginTop: 12 }}>
        {SEVERITY_PALETTE_9.map((color, level) => (
          <Tag key={level} color={color} style={{ color: level >= 2 && level <= 5 ? '#1f1f1f' : '#fff' }}>
            {labelOf(BLADE_COLOR_LEVEL_LABELS, level as keyof (typeof BLADE_COLOR_LEVEL_LABELS)['en_us'], locale)}
          </Tag>
        ))}
      </Card>
    </AdminOnly>
  );
}
