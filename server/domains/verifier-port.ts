/** Checks that a custom domain's DNS points at the service (dns-verifier.ts; tests pass their own). */
export interface DomainVerifier {
  verify(domain: { domain: string; isSubDomain: boolean; verifyToken: string }): Promise<{
    dnsConfigured: boolean;
    pingVerified: boolean;
    sslConfigured: boolean;
  }>;
}
