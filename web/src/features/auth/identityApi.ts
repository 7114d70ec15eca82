import { identityApi as generated, type OkView, type TokenView } from '@/core/api/generated/identity';
import { withFlags } from '@/core/api/requestFlags';

export type { MeView, RightEntryView, SsoClientView, TokenView } from '@/core/api/generated/identity';

export interface PasswordGrant {
  username: string;
  password: string;
  /** base64 `client:secret` from app_config.json */
  basicCredential: string;
}

/** Sign-in calls: silent (the page shows the refusal) and a 401 is a wrong credential, not an expired session. */
const signIn = withFlags({ silent: true, authFlow: true });

/**
 * Identity service calls (SPEC §7 "Sign-in and session", "Account"): the generated endpoints,
 * silent (the sign-in pages and the session flow word a failure themselves).
 *
 * Hand-written, typed with the generated types: the three OAuth token calls (password grant,
 * refresh, revoke). OAuth sends them as `application/x-www-form-urlencoded` (RFC 6749 §4.3, §6;
 * RFC 7009) with the client's `Authorization: Basic` on the password grant, while the generated
 * endpoints send JSON bodies; the base query's `form` does the encoding.
 */
export const identityApi = generated
  .enhanceEndpoints({
    endpoints: {
      ssoClientId: signIn,
      ssoToken: signIn,
      accountMe: withFlags(),
      accountMenus: withFlags(),
      accountDeniedModules: withFlags(),
    },
  })
  .injectEndpoints({
    endpoints: (build) => ({
      passwordToken: build.mutation<TokenView, PasswordGrant>({
        query: ({ username, password, basicCredential }) => ({
          url: '/oauth/token',
          method: 'POST',
          headers: { Authorization: `Basic ${basicCredential}` },
          form: { grant_type: 'password', username, password, scope: '' },
          silent: true,
          authFlow: true,
        }),
      }),
      refreshToken: build.mutation<TokenView, { refreshToken: string; sso: boolean }>({
        query: ({ refreshToken, sso }) => ({
          url: sso ? '/oauth/v2/refresh' : '/oauth/refresh',
          method: 'POST',
          form: { grantType: 'refresh_token', refreshToken, scope: '' },
          silent: true,
          authFlow: true,
        }),
      }),
      revokeToken: build.mutation<OkView, { token: string }>({
        query: ({ token }) => ({
          url: '/oauth/revoke',
          method: 'POST',
          form: { token },
          silent: true,
          authFlow: true,
        }),
      }),
    }),
  });

export const { usePasswordTokenMutation } = identityApi;
