import { Button, Empty, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { featureSwitches as buildSwitches, type FeatureSwitches } from '@/core/config/featureSwitches';
import { areaInfo, type AreaId } from './areas';

export interface AreaPlaceholderProps {
  area: AreaId;
  /** Standalone full-page routes offer a way back. */
  standalone?: boolean;
  switches?: FeatureSwitches;
}

/** The one honest empty state for an area whose features arrive later. */
export function AreaPlaceholder({ area, standalone = false, switches = buildSwitches }: AreaPlaceholderProps) {
  const { t } = useTranslation('areas');
  const navigate = useNavigate();
  const info = areaInfo(area);
  const back = standalone ? (
    <Button type="primary" onClick={() => navigate(-1)}>
      {t('common:actions.back')}
    </Button>
  ) : null;

  if (info.feature && !switches[info.feature]) {
    return (
      <Result
        status="info"
        title={t(`${area}.title`)}
        subTitle={t('featureOff')}
        extra={back}
        data-testid="area-feature-off"
      />
    );
  }

  return (
    <div className="area-placeholder" data-testid={`area-${area}`}>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <h2 className="area-placeholder__title">{t(`${area}.title`)}</h2>
            <p>{t(`${area}.description`)}</p>
            <p className="area-placeholder__arrival">{t(`arrivesWith.${info.provider}`)}</p>
          </>
        }
      >
        {back}
      </Empty>
    </div>
  );
}
