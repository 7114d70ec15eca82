import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Input, Select, Table, Tooltip } from 'antd';
import type { TablePaginationConfig, TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/useLocale';
import { errorMessage, sortFromTable, type SortState } from './logic';
import { useOrganizationOptions } from './lookups';

/**
 * Page, sort and filters of a server-paged User Center table: a new sort or filter goes back to page 1,
 * `args` is what the list query takes.
 */
export function usePagedList<S extends string, F extends object>(sorts: readonly S[], initialFilters: F) {
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 });
  const [sort, setSort] = useState<SortState<S>>({});
  const [filters, setFilters] = useState<F>(initialFilters);

  const applyFilters = (next: Partial<F>): void => {
    setFilters((f) => ({ ...f, ...next }));
    setPage((p) => ({ ...p, pageIndex: 1 }));
  };

  const onTableChange = <T,>(pagination: TablePaginationConfig, sorter: SorterResult<T> | SorterResult<T>[], action: string): void => {
    if (action === 'sort') {
      setSort(sortFromTable(sorter, sorts));
      setPage((p) => ({ ...p, pageIndex: 1 }));
    } else if (action === 'paginate') {
      setPage({ pageIndex: pagination.current ?? 1, pageSize: pagination.pageSize ?? 10 });
    }
  };

  const list: PagedList = { page, onTableChange };
  return { list, sort, filters, applyFilters, args: { ...page, ...sort, ...filters } };
}

/** What PagedTable needs of usePagedList. */
export interface PagedList {
  page: { pageIndex: number; pageSize: number };
  onTableChange: <T>(pagination: TablePaginationConfig, sorter: SorterResult<T> | SorterResult<T>[], action: string) => void;
}

/** The bits of an RTK Query list result a paged table shows. */
interface PagedResult<T> {
  error?: unknown;
  isFetching: boolean;
  data?: { results: T[]; totalCount: number };
  refetch: () => unknown;
}

/** A server-paged table, or the load failure with a retry in its place. */
export function PagedTable<T extends object>({
  list,
  result,
  errorPath,
  errorTestId,
  rowKey,
  testId,
  columns,
  scroll,
}: {
  list: PagedList;
  result: PagedResult<T>;
  errorPath: string;
  errorTestId?: string;
  rowKey: TableProps<T>['rowKey'];
  testId: string;
  columns: TableProps<T>['columns'];
  scroll?: TableProps<T>['scroll'];
}) {
  const { t } = useTranslation('userCenter');
  const locale = useLocale();
  if (result.error) {
    return (
      <Alert
        type="error"
        showIcon
        title={errorMessage(result.error, locale, errorPath)}
        action={<Button size="small" onClick={() => void result.refetch()}>{t('common.retry')}</Button>}
        data-testid={errorTestId}
      />
    );
  }
  return (
    <Table<T>
      rowKey={rowKey}
      size="middle"
      data-testid={testId}
      loading={result.isFetching}
      columns={columns}
      dataSource={result.data?.results ?? []}
      scroll={scroll}
      pagination={{
        current: list.page.pageIndex,
        pageSize: list.page.pageSize,
        total: result.data?.totalCount ?? 0,
        showSizeChanger: true,
        showTotal: (total) => t('common.total', { count: total }),
      }}
      onChange={(pagination, _filters, sorter, extra) => list.onTableChange(pagination, sorter, extra.action)}
    />
  );
}

/** A free-text filter applied on Enter or the search button, and at once when cleared. */
export function SearchFilter({ label, width, onSearch }: { label: string; width: number; onSearch: (value: string) => void }) {
  const [input, setInput] = useState('');
  return (
    <Input.Search
      allowClear
      style={{ width }}
      placeholder={label}
      aria-label={label}
      value={input}
      onChange={(e) => {
        setInput(e.target.value);
        if (e.target.value === '') onSearch('');
      }}
      onSearch={onSearch}
    />
  );
}

/** The organization filter of the users and customers tabs (`showLoading`: spin while the options load). */
export function OrganizationFilter({
  value,
  onChange,
  showLoading = false,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  showLoading?: boolean;
}) {
  const { t } = useTranslation('userCenter');
  const orgs = useOrganizationOptions();
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 200 }}
      placeholder={t('users.filterOrganization')}
      aria-label={t('users.filterOrganization')}
      options={orgs.options}
      loading={showLoading ? orgs.loading : undefined}
      value={value}
      onChange={onChange}
    />
  );
}

/** Filters on the left, the create button (only when onCreate is given) on the right. */
export function PanelToolbar({ children, createLabel, onCreate }: { children: ReactNode; createLabel: string; onCreate?: () => void }) {
  return (
    <div className="user-center__toolbar">
      <div className="user-center__filters">{children}</div>
      {onCreate && (
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
          {createLabel}
        </Button>
      )}
    </div>
  );
}

/** An icon-only row action with its tooltip. */
export function RowAction({ tip, icon, label, onClick }: { tip: string; icon: ReactNode; label: string; onClick: () => void }) {
  return (
    <Tooltip title={tip}>
      <Button type="link" size="small" icon={icon} aria-label={label} onClick={onClick} />
    </Tooltip>
  );
}

/**
 * Reports a row mutation: the server's refusal (held longer when `sticky`, it may explain a delete
 * refused over linked data) or the success text.
 */
export function useMutationReport() {
  const locale = useLocale();
  const { message } = App.useApp();
  return (result: { error?: unknown }, path: string, success: string, sticky = false): void => {
    if (result.error) {
      const content = errorMessage(result.error, locale, path);
      void (sticky ? message.error({ content, duration: 6 }) : message.error(content));
    } else void message.success(success);
  };
}
