import { usePageTitle } from '@/shared/pageTitle';
import { Result, Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/core/store';
import { Rights, hasRight } from '../contracts';
import { useTaskRights } from '../components/useTaskRights';
import { ChangeRatePanel } from './ChangeRatePanel';
import { FlowConfigsPanel } from './FlowConfigsPanel';
import { TimeLimitsPanel } from './TimeLimitsPanel';
import '../tasks.css';

type FlowTab = 'timeLimits' | 'flowConfigs' | 'changeRate';

/**
 * /dataFlowManagement/flowManagement: per-stage time limits (editable with dataManagement.edit),
 * the customers' flow configs (read only: edited with the customer in the User Center) and, with
 * tab.changeRateStatistics, the change-rate statistics with the Excel export.
 */
export function Component() {
  const { t } = useTranslation('tasks');
  // The page is titled like its menu entry (issue #15).
  const pageTitle = usePageTitle(t('flow.title'));
  const rights = useTaskRights();
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const [search, setSearch] = useSearchParams();

  const items = [
    rights.read && { key: 'timeLimits' as FlowTab, label: t('flow.timeLimitsTab'), children: <TimeLimitsPanel canEdit={rights.admin} /> },
    rights.read && {
      key: 'flowConfigs' as FlowTab,
      label: t('flow.flowConfigsTab'),
      children: <FlowConfigsPanel canOpenCustomers={hasRight(denied, Rights.CUSTOMER_LIST_SHOW)} />,
    },
    rights.changeRate && { key: 'changeRate' as FlowTab, label: t('flow.changeRateTab'), children: <ChangeRatePanel /> },
  ].filter((i): i is { key: FlowTab; label: string; children: React.JSX.Element } => !!i);
  const active = items.find((i) => i.key === search.get('tab'))?.key ?? items[0]?.key;

  return (
    <div className="tasks-page" data-testid="page-flowManagement">
      <Typography.Title level={4} className="tasks-page__title">
        {pageTitle}
      </Typography.Title>
      {items.length === 0 ? (
        <Result status="403" title={t('page.noAccess')} data-testid="tasks-no-access" />
      ) : (
        <Tabs activeKey={active} items={items} destroyOnHidden onChange={(key) => setSearch({ tab: key }, { replace: true })} />
      )}
    </div>
  );
}
