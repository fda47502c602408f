type Stored = { body: Buffer; contentType: string };
export type StorageProvidersStandin = {
  url: string;
  /** The server's `storageApis` pointing here. */
  apis: { backblaze: string; dropboxApi: string; dropboxContent: string; googleToken: string; googleDrive: string };
  /** The same as environment variables (B2_API_URL, DROPBOX_API_URL, ...). */
  env: Record<string, string>;
  b2: {
    account: string;
    key: string;
    bucket: string;
    bucketId: string;
    /** Session tokens handed out by b2_authorize_account. */
    tokens: Set<string>;
    /** An unknown session token is answered as expired (`expired_auth_token`) rather than bad. */
    expireSessions: boolean;
    /** file id → the stored version. */
    files: Map<string, Stored & { fileName: string }>;
  };
  dropbox: { token: string /** lower-cased path → the file. */; files: Map<string, { id: string; body: Buffer }> };
  drive: {
    email: string;
    folder: string;
    /** The service account's private key (PKCS#8 PEM) whose signatures the stand-in accepts. */
    privateKey: string;
    /** file id → the file. */
    files: Map<string, Stored & { name: string; parents: string[] }>;
  };
  /** `<METHOD> <path>` of every request. */
  calls: string[];
  close(): Promise<void>;
};
export function startStorageProvidersStandin(options?: {
  port?: number;
  host?: string;
  b2?: { account?: string; key?: string; bucket?: string; bucketId?: string };
  dropbox?: { token?: string };
  drive?: { email?: string; folder?: string };
}): Promise<StorageProvidersStandin>;
