import { Result, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '@/core/store';
import { userCenterGrants } from './logic';
import { UsersPanel } from './users/UsersPanel';
import { CustomersPanel } from './customers/CustomersPanel';
import { OrganizationsPanel } from './organizations/OrganizationsPanel';
import { MachineClientsPanel } from './machine-clients/MachineClientsPanel';
import { LicencePanel } from './licence/LicencePanel';
import './userCenter.css';

type TabKey = 'users' | 'customers' | 'organizations' | 'machineClients' | 'licence';

/**
 * User centre (SPEC §2 /configuration/userCenter): users, customers, organizations, machine clients, the platform licence. Each tab shows
 * with its show right, edit controls with its edit right (the denied-modules list); the server
 * enforces the same rights.
 */
export function Component() {
  const { t } = useTranslation('userCenter');
  const denied = useAppSelector((s) => s.session.accessDeniedModules);
  const ownRoles = useAppSelector((s) => s.session.personalInfo?.roles ?? []);
  const grants = userCenterGrants(denied, ownRoles);
  const [searchParams, setSearchParams] = useSearchParams();

  const items = [
    grants.users.show && {
      key: 'users' as TabKey,
      label: t('tabs.users'),
      children: <UsersPanel canEdit={grants.users.edit} canEditRights={grants.editRights} />,
    },
    grants.customers.show && {
      key: 'customers' as TabKey,
      label: t('tabs.customers'),
      children: <CustomersPanel canEdit={grants.customers.edit} />,
    },
    grants.organizations.show && {
      key: 'organizations' as TabKey,
      label: t('tabs.organizations'),
      children: <OrganizationsPanel canEdit={grants.organizations.edit} />,
    },
    // Software that signs in as itself (drone ingestion): administered with the user list's rights.
    grants.users.show && {
      key: 'machineClients' as TabKey,
      label: t('tabs.machineClients'),
      children: <MachineClientsPanel canEdit={grants.users.edit} />,
    },
    grants.licence && {
      key: 'licence' as TabKey,
      label: t('tabs.licence'),
      children: <LicencePanel canEdit={grants.licence} />,
    },
  ].filter((x): x is { key: TabKey; label: string; children: React.JSX.Element } => !!x);

  const requested = searchParams.get('tab');
  const active = items.find((i) => i.key === requested)?.key ?? items[0]?.key;

  return (
    <div className="user-center" data-testid="page-userCenter">
      <Typography.Title level={4} className="user-center__title">
        {t('page.title')}
      </Typography.Title>
      {items.length === 0 ? (
        <Result status="403" title={t('page.noAccess')} data-testid="user-center-no-access" />
      ) : (
        <Tabs
          activeKey={active}
          destroyOnHidden
          items={items}
          onChange={(key) => setSearchParams({ tab: key }, { replace: true })}
        />
      )}
    </div>
  );
}

export default Component;
