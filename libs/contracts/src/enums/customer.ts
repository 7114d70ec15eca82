import type { Labels } from './locale.js';

/**
 * Customer types served by GET /context/api/v1/MetaData/customer/types.
 * The spec names the call and `customerTypeId` but not the values; this is our list
 * (interpretation) – who the customer is to the inspection business.
 */
export const CustomerType = {
  OWNER_OPERATOR: 1,
  OEM: 2,
  SERVICE_PROVIDER: 3,
  INTERNAL: 4,
} as const;
export type CustomerType = (typeof CustomerType)[keyof typeof CustomerType];

export const CUSTOMER_TYPE_LABELS = {
  en_us: { 1: 'Owner/operator', 2: 'Turbine manufacturer (OEM)', 3: 'Service provider', 4: 'Internal' },
  zh_cn: { 1: '业主/运营商', 2: '整机厂商', 3: '服务商', 4: '内部' },
} as const satisfies Labels<CustomerType>;
