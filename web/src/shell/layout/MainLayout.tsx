import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Button, Layout, Menu, Space, Spin, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { featureSwitches } from '@/core/config/featureSwitches';
import type { RouteHandle } from '@/shell/router/handle';
import { STORAGE_KEYS } from '@/core/session/storageKeys';
import { SIDEBAR_COLLAPSED_VALUE } from '@/shared/contracts';
import { useAppDispatch, useAppSelector } from '@/core/store';
import { logout } from '@/features/auth';
import { UserMenu } from '@/features/user-center';
import { DownloadQueueBadge } from '@/features/report';
import { assetPages } from '@/features/asset/pages';
import { LanguageSwitch } from '@/shared/components/LanguageSwitch';
import { buildMenu, MENU_TREE, selectedMenuKey, type MenuNode } from './menu';
import { ScrollArea } from './ScrollArea';
import './layout.css';

const { Header, Sider, Content } = Layout;

/** Kept-alive pages (route handle `keepAlive`): rendered here rather than through the outlet. */
const GlobalMapPage = lazy(assetPages.globalMap);

export function readCollapsed(storage: Pick<Storage, 'getItem'>): boolean {
  return storage.getItem(STORAGE_KEYS.sidebarCollapsed) === SIDEBAR_COLLAPSED_VALUE;
}

function useContentLayout(): RouteHandle['layout'] {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const layout = (matches[i].handle as RouteHandle | undefined)?.layout;
    if (layout) return layout;
  }
  return undefined;
}

function useKeepAlive(): RouteHandle['keepAlive'] {
  const matches = useMatches();
  const last = matches[matches.length - 1];
  return (last?.handle as RouteHandle | undefined)?.keepAlive;
}

/** Main layout: sidebar menu from the menu rights, header, scroll area (SPEC §2). */
export function Component() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const config = useAppSelector((s) => s.app.config);
  const { personalInfo, menuRights, accessDeniedModules } = useAppSelector((s) => s.session);
  const [collapsed, setCollapsed] = useState(() => readCollapsed(localStorage));
  const [loggingOut, setLoggingOut] = useState(false);
  const contentLayout = useContentLayout();
  const keepAlive = useKeepAlive();
  const onMap = keepAlive === 'globalMap';
  const [mapMounted, setMapMounted] = useState(onMap);
  useEffect(() => {
    if (onMap) setMapMounted(true);
  }, [onMap]);

  const menu = useMemo(
    () => buildMenu(MENU_TREE, { menuRights, deniedModules: accessDeniedModules, features: featureSwitches }),
    [menuRights, accessDeniedModules],
  );
  const toItems = (nodes: MenuNode[]): MenuProps['items'] =>
    nodes.map((n) =>
      n.children ? { key: n.key, label: t(n.labelKey), children: toItems(n.children) } : { key: n.key, label: t(n.labelKey) },
    );
  const selected = selectedMenuKey(menu, location.pathname);
  const openGroup = menu.find((g) => g.children?.some((c) => c.key === selected))?.key;
  // The open groups are ours, not the menu's: antd reads defaultOpenKeys only when it mounts, so a
  // page reached by a link or the address bar in another group would leave that group closed.
  // Groups the user opened stay open; the current page's group opens whenever the page changes.
  const [openKeys, setOpenKeys] = useState<string[]>(() => (openGroup ? [openGroup] : []));
  useEffect(() => {
    if (openGroup) setOpenKeys((keys) => (keys.includes(openGroup) ? keys : [...keys, openGroup]));
  }, [openGroup]);

  const onCollapse = (next: boolean): void => {
    setCollapsed(next);
    localStorage.setItem(STORAGE_KEYS.sidebarCollapsed, next ? SIDEBAR_COLLAPSED_VALUE : '0');
  };

  const onLogout = async (): Promise<void> => {
    setLoggingOut(true);
    try {
      await logout(dispatch, config, (path) => navigate(path, { replace: true }));
    } finally {
      setLoggingOut(false);
    }
  };

  return (
    <Layout className="main-layout">
      {/* The first Tab stop: past the sidebar's menu to the page (WCAG 2.4.1). Not a hash link: the router owns the hash. */}
      <a
        href="#main-content"
        className="skip-link"
        data-testid="skip-link"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        {t('skipToContent')}
      </a>
      <Sider collapsible collapsed={collapsed} onCollapse={onCollapse} width={232} className="main-layout__sider">
        <div className="main-layout__brand" title={t('brand')}>
          {collapsed ? t('brandShort') : t('brand')}
        </div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          // Collapsed, the groups are pop-ups the menu opens itself; expanded again, ours come back.
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={(keys) => {
            if (!collapsed) setOpenKeys(keys);
          }}
          items={toItems(menu)}
          onClick={({ key }) => navigate(key)}
        />
      </Sider>
      <Layout>
        <Header className="main-layout__header">
          <Typography.Text strong className="main-layout__title">
            {t('productName')}
          </Typography.Text>
          <Space size="middle">
            <DownloadQueueBadge />
            <LanguageSwitch />
            <UserMenu name={personalInfo?.displayName ?? personalInfo?.username} />
            <Button onClick={() => void onLogout()} loading={loggingOut}>
              {t('logout')}
            </Button>
          </Space>
        </Header>
        <Content className="main-layout__content" id="main-content" tabIndex={-1}>
          <ScrollArea className={`main-layout__scroll main-layout__scroll--${contentLayout ?? 'normal'}`}>
            {(mapMounted || onMap) && (
              <div hidden={!onMap} className="main-layout__kept-alive" data-testid="kept-alive-globalMap">
                <Suspense fallback={<Spin />}>
                  <GlobalMapPage active={onMap} />
                </Suspense>
              </div>
            )}
            <Outlet />
          </ScrollArea>
        </Content>
      </Layout>
    </Layout>
  );
}
