export type S3Standin = {
  url: string;
  keyId: string;
  bucket: string;
  /** `<bucket>/<key>` → the stored object. */
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** `<METHOD> /<bucket>/<key>` of every call that passed the checks. */
  calls: string[];
  close(): Promise<void>;
};
export function startS3Standin(options?: {
  keyId?: string;
  bucket?: string;
  port?: number;
  host?: string;
}): Promise<S3Standin>;
