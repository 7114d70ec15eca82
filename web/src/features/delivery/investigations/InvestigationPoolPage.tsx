import { useState } from 'react';
import { Button, Input, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/core/store';
import { hasRight, Rights } from '@/shared/contracts';
import type { PoolDefectView } from '@/core/api/generated/delivery';
import { Refusal, NoAccess } from '../shared';
import { useInvestigationsCreateMutation, useInvestigationsParksQuery, useInvestigationsPoolQuery } from '../deliveryApi';

/**
 * The investigation pool (SPEC §2 /inspection/investigation/list): defects of a park that no
 * investigation campaign holds; selected ones become a new campaign (a defect in one campaign only).
 */
export function Component() {
  const { t } = useTranslation('delivery');
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const show = hasRight(denied, Rights.INVESTIGATION_POOL) || hasRight(denied, Rights.INVESTIGATION_EDIT);
  const edit = hasRight(denied, Rights.INVESTIGATION_EDIT);
  const parks = useInvestigationsParksQuery(undefined, { skip: !show });
  const [park, setPark] = useState<string | undefined>();
  const windFarmId = park ?? parks.data?.[0]?.windFarmId;
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 50 });
  const pool = useInvestigationsPoolQuery({ ...page, ...(windFarmId ? { windFarmId } : {}) }, { skip: !show || !windFarmId });
  const [selected, setSelected] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [create, created] = useInvestigationsCreateMutation();
  if (!show) return <NoAccess page="investigationPool" />;
  return (
    <div data-testid="page-investigationPool" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('investigation.poolTitle')}
      </Typography.Title>
      <Space wrap>
        <Select
          style={{ width: 260 }}
          value={windFarmId}
          onChange={(v: string) => { setPark(v); setSelected([]); }}
          options={(parks.data ?? []).map((p) => ({ value: p.windFarmId, label: `${p.windFarmName} (${p.poolDefectCount})` }))}
          data-testid="investigation-park"
        />
        {edit && (
          <>
            <Input placeholder={t('fields.campaignName')} value={name} onChange={(e) => setName(e.target.value)} style={{ width: 220 }} data-testid="investigation-name" />
            <Button
              type="primary"
              disabled={!name.trim() || !selected.length || !windFarmId}
              onClick={async () => {
                const r = await create({ createInvestigationDto: { name, windFarmId: windFarmId!, defectIds: selected } });
                if (!('error' in r)) { setSelected([]); setName(''); }
              }}
              data-testid="investigation-create"
            >
              {t('investigation.create', { count: selected.length })}
            </Button>
          </>
        )}
      </Space>
      <Refusal error={created.error} testId="investigation-error" />
      <Table<PoolDefectView>
        rowKey="defectId"
        size="small"
        loading={pool.isFetching}
        dataSource={pool.data?.results ?? []}
        rowSelection={edit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) } : undefined}
        pagination={{ current: page.pageIndex, pageSize: page.pageSize, total: pool.data?.totalCount ?? 0 }}
        onChange={(p) => setPage({ pageIndex: p.current ?? 1, pageSize: p.pageSize ?? 50 })}
        data-testid="investigation-pool"
        columns={[
          { title: t('investigation.defect'), dataIndex: 'defectId', render: (v: string) => v.slice(0, 8) },
          { title: t('investigation.turbine'), dataIndex: 'turbineName' },
          { title: t('investigation.severity'), dataIndex: 'severity' },
        ]}
      />
    </div>
  );
}
