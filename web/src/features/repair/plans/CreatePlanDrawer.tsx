import { useState } from 'react';
import { Alert, Button, Drawer, Input, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePlansCandidatesQuery, usePlansCreateMutation, usePlansParksQuery, type RepairDefectView } from '../repairApi';
import { REPAIR_PLAN_MAX_DEFECTS } from '../contracts';
import { RepairError, sortOf, usePriorityLabel, useRowChoice } from '../components/common';
import { useDefectColumns } from './defectColumns';

const PAGE_SIZE = 50;
const TIMELINE = ['NEW', 'INCREASED', 'STABLE', 'REPAIRED', 'NOT_APPLICABLE'];

/** A new plan from chosen defects of one wind park, filtered on the server (park, severity, priority, timeline). */
export function CreatePlanDrawer({ onDone }: { onDone: (planId?: string) => void }) {
  const { t } = useTranslation('repair');
  const priority = usePriorityLabel();
  const parks = usePlansParksQuery();
  const [filters, setFilters] = useState<{
    windFarmId?: string;
    turbineIds?: string[];
    severities?: number[];
    repairPriorities?: number[];
    timelineStatuses?: string[];
  }>({});
  const [page, setPage] = useState<{ pageIndex: number; fieldToSort?: string; descending?: boolean }>({ pageIndex: 1 });
  const { selected, setSelected, rowSelection } = useRowChoice<RepairDefectView>((d) => d.defectId);
  const [name, setName] = useState('');
  const [create, creating] = usePlansCreateMutation();
  const candidates = usePlansCandidatesQuery(
    { windFarmId: filters.windFarmId ?? '', ...filters, ...page, pageSize: PAGE_SIZE },
    { skip: !filters.windFarmId },
  );
  const columns = useDefectColumns<RepairDefectView>();
  const setFilter = (patch: Partial<typeof filters>) => {
    // A plan holds one park's defects: a new park starts a new choice.
    if (patch.windFarmId !== undefined && patch.windFarmId !== filters.windFarmId) {
      setSelected([]);
      patch = { ...patch, turbineIds: undefined };
    }
    setFilters((f) => ({ ...f, ...patch }));
    setPage((p) => ({ ...p, pageIndex: 1 }));
  };
  const submit = async () => {
    const r = await create({ createRepairPlanDto: { name: name.trim(), defectIds: selected } });
    if ('data' in r && r.data) onDone(r.data.id);
  };
  return (
    <Drawer open size={1100} title={t('plans.newPlan')} onClose={() => onDone()} data-testid="plan-create">
      <Alert type="info" showIcon title={t('plans.chooseDefects', { max: REPAIR_PLAN_MAX_DEFECTS })} style={{ marginBottom: 12 }} />
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 220 }}
          placeholder={t('plans.park')}
          aria-label={t('plans.park')}
          loading={parks.isLoading}
          value={filters.windFarmId}
          options={(parks.data ?? []).map((p) => ({ value: p.windFarmId, label: p.windFarmName }))}
          onChange={(v: string) => setFilter({ windFarmId: v })}
          data-testid="plan-park"
        />
        <Select
          mode="multiple"
          allowClear
          style={{ width: 240 }}
          placeholder={t('plans.filters.turbines')}
          aria-label={t('plans.filters.turbines')}
          disabled={!filters.windFarmId}
          value={filters.turbineIds ?? []}
          optionFilterProp="label"
          options={(parks.data?.find((p) => p.windFarmId === filters.windFarmId)?.turbines ?? []).map((x) => ({ value: x.turbineId, label: x.turbineName }))}
          onChange={(v: string[]) => setFilter({ turbineIds: v.length ? v : undefined })}
          data-testid="plan-turbines"
        />
        <Select
          mode="multiple"
          allowClear
          style={{ width: 200 }}
          placeholder={t('plans.filters.severity')}
          aria-label={t('plans.filters.severity')}
          options={[0, 1, 2, 3, 4, 5].map((s) => ({ value: s, label: String(s) }))}
          onChange={(v: number[]) => setFilter({ severities: v.length ? v : undefined })}
          data-testid="plan-severity"
        />
        <Select
          mode="multiple"
          allowClear
          style={{ width: 220 }}
          placeholder={t('plans.filters.priority')}
          aria-label={t('plans.filters.priority')}
          options={[1, 2, 3, 4].map((p) => ({ value: p, label: priority(p) }))}
          onChange={(v: number[]) => setFilter({ repairPriorities: v.length ? v : undefined })}
        />
        <Select
          mode="multiple"
          allowClear
          style={{ width: 220 }}
          placeholder={t('plans.filters.timeline')}
          aria-label={t('plans.filters.timeline')}
          options={TIMELINE.map((s) => ({ value: s, label: t(`plans.timelineStatus.${s}`) }))}
          onChange={(v: string[]) => setFilter({ timelineStatuses: v.length ? v : undefined })}
        />
      </Space>
      <Table<RepairDefectView>
        rowKey="defectId"
        size="small"
        loading={candidates.isFetching}
        dataSource={filters.windFarmId ? (candidates.data?.results ?? []) : []}
        locale={{ emptyText: filters.windFarmId ? undefined : t('plans.selectPark') }}
        columns={columns}
        rowSelection={rowSelection}
        pagination={{ current: page.pageIndex, pageSize: PAGE_SIZE, total: candidates.data?.totalCount ?? 0, showSizeChanger: false }}
        onChange={(p, _f, sorter) => setPage({ pageIndex: p.current ?? 1, ...sortOf(sorter) })}
        data-testid="candidate-table"
      />
      <Space style={{ marginTop: 12 }} wrap>
        <span data-testid="plan-selected">{t('plans.selected', { count: selected.length })}</span>
        <Input
          style={{ width: 260 }}
          placeholder={t('plans.name')}
          aria-label={t('plans.name')}
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          data-testid="plan-name"
        />
        <Button type="primary" disabled={!name.trim()} loading={creating.isLoading} onClick={() => void submit()} data-testid="plan-submit">
          {t('common.create')}
        </Button>
      </Space>
      <RepairError error={creating.error} testId="plan-create-error" onClose={() => creating.reset()} />
    </Drawer>
  );
}
