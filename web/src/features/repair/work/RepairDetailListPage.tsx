import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useRepairCampaignsGetQuery } from '../repairApi';
import { CampaignStatusTag, NoAccess, useRepairGrants } from '../components/common';
import { useCampaignLive } from '../live';
import { DefectWork } from './DefectWork';

/** /repairDetailList?campaignId=…: the full-page list of a campaign's defects and their repair records. */
export function Component() {
  const { t } = useTranslation('repair');
  const [params] = useSearchParams();
  const campaignId = params.get('campaignId') ?? '';
  const grants = useRepairGrants();
  const campaign = useRepairCampaignsGetQuery({ id: campaignId }, { skip: !campaignId || !grants.campaignShow });
  useCampaignLive(!!campaignId && grants.campaignShow);
  if (!grants.campaignShow) return <NoAccess testId="page-repairDetailList" />;
  if (!campaignId)
    return (
      <Card data-testid="page-repairDetailList">
        <Empty description={t('common.missingCampaign')} />
      </Card>
    );
  return (
    <Card
      style={{ margin: 16 }}
      data-testid="page-repairDetailList"
      title={t('work.detailListTitle', { name: campaign.data?.name ?? '' })}
      extra={campaign.data && <CampaignStatusTag status={campaign.data.status} />}
    >
      <DefectWork campaignId={campaignId} canEdit={grants.repairEdit && campaign.data?.status !== 2} />
    </Card>
  );
}
