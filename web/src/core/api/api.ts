import { createApi } from '@reduxjs/toolkit/query/react';
import { message, notification } from 'antd';
import { i18n, currentLocale } from '@/core/i18n';
import { getAccessToken, getClientId } from '@/core/session/session';
import { handleUnauthorized } from '@/core/session/unauthorized';
import { renewAccess } from '@/core/session/renew';
import { createBaseQuery } from './baseQuery';

export const baseQuery = createBaseQuery({
  getLocale: currentLocale,
  getAccessToken: () => getAccessToken(localStorage),
  getClientId: () => getClientId(localStorage),
  t: (key) => i18n.t(key),
  renewAccess,
  effects: {
    onUnauthorized: (api) => handleUnauthorized(api.dispatch),
    notifyForbidden: (title, description) => notification.warning({ title, description }),
    showError: (text) => void message.error(text),
  },
});

/** The one RTK Query api; each feature injects its endpoints (`api.injectEndpoints`). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [],
  endpoints: () => ({}),
});
