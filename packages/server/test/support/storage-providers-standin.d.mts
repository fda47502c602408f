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
    /** version id → the stored version (B2 buckets keep every version of a name). */
    files: Map<string, Stored & { fileName: string }>;
    /** Names a delete without a version id hid (their versions stay, as in B2). */
    hidden: Set<string>;
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
