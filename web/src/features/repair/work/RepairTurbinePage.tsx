import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useRepairCampaignsGetQuery } from '../repairApi';
import { CampaignStatusTag, NoAccess, useRepairGrants } from '../components/common';
import { useCampaignLive } from '../live';
import { DefectWork } from './DefectWork';

/** /repairPlan/repairTurbine?campaignId=…&turbineId=…: repair work on one turbine of a campaign. */
export function Component() {
  const { t } = useTranslation('repair');
  const [params] = useSearchParams();
  const campaignId = params.get('campaignId') ?? '';
  const turbineId = params.get('turbineId') ?? '';
  const grants = useRepairGrants();
  const campaign = useRepairCampaignsGetQuery({ id: campaignId }, { skip: !campaignId || !grants.campaignShow });
  useCampaignLive(!!campaignId && grants.campaignShow);
  if (!grants.campaignShow) return <NoAccess testId="page-repairTurbine" />;
  if (!campaignId || !turbineId)
    return (
      <Card data-testid="page-repairTurbine">
        <Empty description={t('common.missingCampaign')} />
      </Card>
    );
  const turbine = campaign.data?.turbines.find((x) => x.turbineId === turbineId);
  return (
    <Card
      data-testid="page-repairTurbine"
      title={t('work.turbineTitle', { turbine: turbine?.turbineName ?? '' })}
      extra={campaign.data && <CampaignStatusTag status={campaign.data.status} />}
    >
      <DefectWork campaignId={campaignId} turbineId={turbineId} canEdit={grants.repairEdit && campaign.data?.status !== 2} />
    </Card>
  );
}
