import { createServer, type Server } from 'node:http';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../auth/token-verifier.js';
import type { AccessTokenClaims } from '../auth/auth-user.js';

/**
 * A real RS256 key pair and a real JWKS endpoint on loopback, for testing a service without
 * starting identity. Sets JWKS_URL so services started afterwards trust these tokens.
 */
// One key pair per process: RS256 generation costs 0.1–1 s of CPU, and a process runs a whole
// workspace's suites (node-group.mjs). Each TestAuth still serves its own JWKS endpoint.
let keys: ReturnType<typeof generateKeyPair> | null = null;

export class TestAuth {
  private constructor(
    private readonly key: CryptoKey,
    private readonly server: Server,
    readonly jwksUrl: string,
  ) {}

  static async start(): Promise<TestAuth> {
    const { publicKey, privateKey } = await (keys ??= generateKeyPair('RS256'));
    const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
    const server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    const url = `http://127.0.0.1:${port}/jwks.json`;
    process.env.JWKS_URL = url;
    return new TestAuth(privateKey, server, url);
  }

  /** A token for a caller; defaults to an unrestricted super admin with the given rights. */
  async token(claims: Partial<AccessTokenClaims> = {}, expiresIn = '15m'): Promise<string> {
    const c: AccessTokenClaims = { sub: 'test-user', username: 'tester', roles: [100], rights: [], cid: null, pid: null, org: null, ...claims };
    return new SignJWT({ ...c })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setSubject(c.sub)
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(this.key);
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}
