import { api } from '@/core/api/api';
import type { TokenResponse } from '@/core/session/session';
import type { PersonalInfo } from '@/core/session/sessionSlice';
import type { RightEntry } from '@/shared/contracts';

export interface PasswordGrant {
  username: string;
  password: string;
  /** base64 `client:secret` from app_config.json */
  basicCredential: string;
}

/** Identity service calls (SPEC §7 "Sign-in and session", "Account"). */
export const identityApi = api.injectEndpoints({
  endpoints: (build) => ({
    passwordToken: build.mutation<TokenResponse, PasswordGrant>({
      query: ({ username, password, basicCredential }) => ({
        url: '/oauth/token',
        method: 'POST',
        headers: { Authorization: `Basic ${basicCredential}` },
        form: { grant_type: 'password', username, password, scope: '' },
        silent: true,
        authFlow: true,
      }),
    }),
    refreshToken: build.mutation<TokenResponse, { refreshToken: string; sso: boolean }>({
      query: ({ refreshToken, sso }) => ({
        url: sso ? '/oauth/v2/refresh' : '/oauth/refresh',
        method: 'POST',
        form: { grantType: 'refresh_token', refreshToken, scope: '' },
        silent: true,
        authFlow: true,
      }),
    }),
    revokeToken: build.mutation<unknown, { token: string }>({
      query: ({ token }) => ({
        url: '/oauth/revoke',
        method: 'POST',
        form: { token },
        silent: true,
        authFlow: true,
      }),
    }),
    ssoClientId: build.query<string, { host: string }>({
      query: ({ host }) => ({ url: '/oauth/v2/getClientId', params: { host }, silent: true, authFlow: true }),
      transformResponse: (raw: unknown) => readClientId(raw),
    }),
    ssoToken: build.mutation<TokenResponse, { code: string; redirectUri: string; clientId: string }>({
      query: ({ code, redirectUri, clientId }) => ({
        url: '/oauth/v2/token',
        method: 'POST',
        headers: { 'client-id': clientId },
        body: { code, redirectUri },
        silent: true,
        authFlow: true,
      }),
    }),
    me: build.query<PersonalInfo, void>({
      query: () => ({ url: '/context/api/v1/accounts/me', silent: true }),
      providesTags: ['Me'],
    }),
    menus: build.query<string[], void>({
      query: () => ({ url: '/context/api/v2/Permission/menus', silent: true }),
      providesTags: ['Permissions'],
    }),
    deniedModules: build.query<RightEntry[], void>({
      query: () => ({ url: '/context/api/v2/Permission/deniedModules', silent: true }),
      providesTags: ['Permissions'],
    }),
  }),
});

/** The client-id answer may be a bare string or an object; accept the likely shapes. */
export function readClientId(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  if (raw && typeof raw === 'object') {
    const o = raw as Record<string, unknown>;
    for (const key of ['clientId', 'client_id', 'data']) if (typeof o[key] === 'string') return o[key] as string;
  }
  return '';
}

export const { usePasswordTokenMutation } = identityApi;
