/** Whether a web host signs in through single sign-on, and with which client and provider. */
export class SsoClientView {
  sso!: boolean;
  clientId!: string | null;
  /** The following only when `sso` is true. */
  issuer?: string;
  authorizationEndpoint?: string | null;
  endSessionEndpoint?: string | null;
  scope?: string;
}

export class LogoutUrlView {
  /** The provider's end-session address with the id token hint and where to come back to. */
  logoutUrl!: string;
}
