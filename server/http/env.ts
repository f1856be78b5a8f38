/** What the API's middleware leaves on the Hono context for the routes. */
export interface AuthInfo {
  tokenId: number;
  /** Shown as createdBy / modifiedBy; never the token itself. */
  tokenName: string;
  workspaces: ReadonlySet<string>;
}

export interface ApiEnv {
  Variables: { auth: AuthInfo };
}
